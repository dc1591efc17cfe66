// The scripted provider through the REAL pipeline (#7 "In CI"): answering with the expected memories scores
// ≥ 0.99, and a provider that drops, invents and leaks scores clearly lower, so the scorer can fail.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { runSuite } from './adapter';
import { loadCases } from './case';
import { pipelineAdapter } from './pipeline-adapter';
import { scriptedCaseProvider, type Tamper } from './pipeline-providers';
import { parsePromptSet } from './args';
import { summarize } from './score';

const IDS = [
  'update-move-city',
  'japanese-job-cat',
  'secret-api-key',
  'multi-topic-family',
  'negation-used-to',
];
const cases = loadCases().filter((c) => IDS.includes(c.id));
const set = parsePromptSet('extraction@v1,consolidation@v1');

const degrade: Tamper = (c, memories) => [
  ...memories.slice(0, 1).map((m) => ({ ...m, text: `${m.text} ${String(c.mustNot[0] ?? '')}` })),
  { text: 'User owns a sailboat named Marlin', type: 'profile' },
];

describe('eval:extract through the pipeline', () => {
  it('scores the expected memories at ≥ 0.99 and a degraded provider clearly lower', async () => {
    expect(cases).toHaveLength(IDS.length);
    const perfect = await runSuite(
      cases,
      pipelineAdapter('p', set, (c) => scriptedCaseProvider(c)),
    );
    const bad = await runSuite(
      cases,
      pipelineAdapter('d', set, (c) => scriptedCaseProvider(c, degrade)),
    );
    const p = summarize(perfect).metrics;
    const d = summarize(bad).metrics;
    expect(p.aggregate.mean).toBeGreaterThanOrEqual(0.99);
    expect(p.dedup.mean).toBe(1);
    expect(d.aggregate.mean).toBeLessThan(p.aggregate.mean! - 0.2);
    expect(d.safety.mean).toBeLessThan(1);
  }, 60_000);
});
