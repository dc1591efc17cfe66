// The scripted provider through the REAL pipeline (#7 "In CI"): answering with the expected memories scores
// ≥ 0.99, and a provider that drops, invents and leaks scores clearly lower, so the scorer can fail.
import 'fake-indexeddb/auto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSuite } from './adapter';
import { loadCases } from './case';
import { pipelineAdapter } from './pipeline-adapter';
import { withRecording } from './record';
import { recordedProvider, scriptedCaseProvider, type Tamper } from './pipeline-providers';
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

describe('eval:extract record/replay through the pipeline', () => {
  it('re-scores a recorded run offline, identically twice', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'engram-rec-'));
    const recorded = pipelineAdapter('rec', set, (c) =>
      recordedProvider(scriptedCaseProvider(c, degrade), 'm', (call) =>
        withRecording(call, { mode: 'record', dir }),
      ),
    );
    const live = await runSuite(cases, recorded);
    expect(readdirSync(dir).length).toBeGreaterThan(cases.length);
    const replayed = () =>
      runSuite(
        cases,
        pipelineAdapter('rec', set, () =>
          recordedProvider(null, 'm', (call) => withRecording(call, { mode: 'replay', dir })),
        ),
      );
    const first = await replayed();
    const second = await replayed();
    // Memory ids are fresh UUIDs per run; the scores and texts must not move.
    const numbers = (xs: typeof live) => xs.map((x) => JSON.stringify(x).replace(/[0-9a-f-]{36}/g, 'id'));
    expect(numbers(first)).toEqual(numbers(live));
    expect(numbers(second)).toEqual(numbers(first));
    expect(summarize(first).metrics.aggregate.mean).toBeLessThan(0.9);
  }, 60_000);
});
