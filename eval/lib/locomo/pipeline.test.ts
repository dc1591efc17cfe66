// eval:locomo as wired (#7 "In CI"): two sessions of one dev conversation through the REAL pipeline
// (fake-indexeddb) and lib/recall, with the scripted extractor, answerer and judge. Checks the plumbing,
// the budget and the report format; skips when ../shared/locomo is absent.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../lib/model/settings';
import { countTokens } from '../../../lib/tokens';
import { loadLocomo, questionsOf, sessionsOf } from './data';
import { pipelineExtractor, recallRanker, sessionTurns } from './pipeline';
import { locomoTable } from './report';
import { runLocomo } from './run';
import { scriptedAnswerer, scriptedJudge, scriptedSessionProvider } from './scripted';

const data = loadLocomo();

describe.skipIf(!data)('eval:locomo through the pipeline on two sessions of conv-26', () => {
  // skipIf still runs this body to collect tests; without ../shared there is nothing to collect.
  if (!data) return;
  const conv = data.find((c) => c.sample_id === 'conv-26')!;

  it('maps speaker_a to the user and continues orders across sessions', () => {
    const [s1, s2] = sessionsOf(conv);
    const t1 = sessionTurns(conv, s1!, 0);
    const t2 = sessionTurns(conv, s2!, t1.length);
    expect(t1[0]!.role).toBe('user');
    expect(new Set(t1.map((t) => t.role))).toEqual(new Set(['user', 'assistant']));
    expect(t2[0]!.order).toBe(t1.length);
    expect(t2[0]!.createdAt).toBe(s2!.at);
  });

  it('extracts through the pipeline, stays within the budget and prints every column', async () => {
    const budget = 300;
    const { results, cost } = await runLocomo([conv], {
      sources: ['observations', 'extracted', 'turns', 'both'],
      budget,
      sessions: 2,
      limit: 10,
      extract: pipelineExtractor(scriptedSessionProvider, DEFAULT_SETTINGS, countTokens),
      rank: await recallRanker(),
      answer: scriptedAnswerer(questionsOf(conv, 2)),
      judge: scriptedJudge,
      countTokens,
    });
    expect(results).toHaveLength(40);
    expect(results.every((r) => r.blockTokens <= budget)).toBe(true);
    const extracted = results.filter((r) => r.source === 'extracted');
    // The pipeline stored the scripted observations: the blocks are not empty and some answers are right.
    expect(extracted.every((r) => r.blockLines > 0)).toBe(true);
    expect(extracted.some((r) => r.correct)).toBe(true);
    // Extraction made real (scripted) calls, one per session at least, counted in the cost.
    expect(cost.calls).toBeGreaterThan(2 * 40);
    const table = locomoTable(results, cost);
    expect(table).toMatch(/^accuracy % \(LLM judge\) +observations +extracted +turns +both$/m);
    expect(table).toMatch(/^overall /m);
    expect(table).toMatch(/^questions +10 +10 +10 +10$/m);
  }, 60_000);
});
