// @vitest-environment node
// eval:locomo's plumbing on two sessions of one dev conversation with a scripted extractor, answerer and
// judge (#7 "In CI"): it checks the flow, the budget and the report format, not any model.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../lib/tokens';
import type { ProviderRequest } from '../provider';
import { loadLocomo, parseLocomoDate, questionsOf, sessionsOf } from './data';
import { locomoTable, writeLocomoRun } from './report';
import { buildBlock, costOf, overlapRanker, runLocomo, type LocomoOptions } from './run';

describe('LoCoMo helpers (no data needed)', () => {
  it('parses LoCoMo session dates to ISO', () => {
    expect(parseLocomoDate('1:56 pm on 8 May, 2023')).toBe('2023-05-08T13:56:00.000Z');
    expect(parseLocomoDate('12:09 am on 13 September, 2023')).toBe('2023-09-13T00:09:00.000Z');
    expect(() => parseLocomoDate('yesterday')).toThrow(/unrecognized/);
  });

  it('ranks by overlap with the question, stable on ties', () => {
    const c = (text: string) => ({ text, mentionedAt: '2023-05-08T00:00:00.000Z' });
    const ranked = overlapRanker('When did Melanie paint a sunrise?', [
      c('a'),
      c('Melanie painted a sunrise'),
      c('b'),
    ]);
    expect(ranked.map((x) => x.text)).toEqual(['Melanie painted a sunrise', 'a', 'b']);
  });

  it('sums cost only when every call was priced', () => {
    const u = (costUsd: number | null) => ({
      text: '',
      usage: { promptTokens: 10, completionTokens: 2, costUsd },
    });
    expect(costOf([u(0.001), u(0.002)])).toEqual({
      calls: 2,
      promptTokens: 20,
      completionTokens: 4,
      costUsd: 0.003,
    });
    expect(costOf([u(0.001), u(null)]).costUsd).toBeNull();
  });
});

const data = loadLocomo();

describe.skipIf(!data)('eval:locomo on two sessions of conv-26 (../shared/locomo)', () => {
  // skipIf still runs this body to collect tests; without ../shared there is nothing to collect.
  if (!data) return;
  const conv = data.find((c) => c.sample_id === 'conv-26')!;
  const golds = new Map(questionsOf(conv, 2).map((q) => [q.question, q.gold.toLowerCase()]));
  const field = (user: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(user)?.[1] ?? '';
  const answer = async (r: ProviderRequest) => {
    // Scripted answerer: the gold answer when the block holds it verbatim, else "I don't know".
    const gold = golds.get(field(r.user, 'Question'))!;
    const found = r.user.toLowerCase().includes(gold);
    return {
      text: found ? gold : "I don't know",
      usage: { promptTokens: 100, completionTokens: 3, costUsd: 0.0001 },
    };
  };
  const judge = async (r: ProviderRequest) => ({
    text: field(r.user, 'Generated answer') === field(r.user, 'Gold answer').toLowerCase() ? 'yes' : 'no',
    usage: { promptTokens: 80, completionTokens: 1, costUsd: 0.0001 },
  });
  const options = (over: Partial<LocomoOptions> = {}): LocomoOptions => ({
    sources: ['observations', 'extracted', 'turns', 'both'],
    budget: 1000,
    sessions: 2,
    limit: 20,
    // Scripted extractor: the session's gold observations, as the pipeline would return memories.
    extract: async (s) => ({
      memories: s.observations.map((text) => ({ text, mentionedAt: s.at })),
      replies: [{ text: '{}', usage: { promptTokens: 500, completionTokens: 50, costUsd: 0.001 } }],
    }),
    rank: overlapRanker,
    answer,
    judge,
    countTokens,
    ...over,
  });

  it('feeds only the first sessions, dated, and asks only questions they can answer', () => {
    const sessions = sessionsOf(conv).slice(0, 2);
    expect(sessions.map((s) => s.at)).toEqual(['2023-05-08T13:56:00.000Z', '2023-05-25T13:14:00.000Z']);
    const qs = questionsOf(conv, 2);
    expect(qs.length).toBeGreaterThan(5);
    expect(qs.every((q) => q.category >= 1 && q.category <= 4)).toBe(true);
  });

  it('answers every question from every source within the budget, and reports per category', async () => {
    const { results, cost } = await runLocomo([conv], options());
    const n = Math.min(20, questionsOf(conv, 2).length);
    expect(results).toHaveLength(4 * n);
    expect(results.every((r) => r.blockTokens <= 1000)).toBe(true);
    expect(results.filter((r) => r.correct).every((r) => r.answer === r.gold.toLowerCase())).toBe(true);
    expect(cost.calls).toBe(2 + 4 * n * 2);
    expect(cost.costUsd).toBeCloseTo(0.002 + 4 * n * 0.0002, 6);
    const out = locomoTable(results, cost);
    expect(out.split('\n')[0]).toMatch(
      /^accuracy % \(LLM judge\)\s+observations\s+extracted\s+turns\s+both$/,
    );
    for (const row of ['1 multi-hop', '2 temporal', '3 open-domain', '4 single-hop', 'overall'])
      expect(out).toMatch(new RegExp(`^${row}\\s+(\\d+\\.\\d|–)`, 'm'));
    expect(out).toMatch(new RegExp(`^questions(\\s+${n}){4}$`, 'm'));
    expect(out).toMatch(/^cost: \d+ calls, \d+ prompt \+ \d+ completion tokens, \$\d+\.\d{4}$/m);
    expect(out).toContain('full-context 72.9, mem0 66.9, Zep 66.0, LangMem 58.1, OpenAI memory 52.9');
    expect(await runLocomo([conv], options())).toEqual({ results, cost });
  });

  it('holds a tight budget: the real o200k count of every block stays under it', async () => {
    const q = questionsOf(conv, 2)[0]!;
    const turns = sessionsOf(conv)
      .slice(0, 2)
      .flatMap((s) => s.turns.map((t) => ({ text: `${t.speaker}: ${t.text}`, mentionedAt: s.at })));
    const wide = await buildBlock(q.question, turns, options({ budget: 1000 }));
    const tight = await buildBlock(q.question, turns, options({ budget: 150 }));
    expect(tight.count).toBeGreaterThan(0);
    expect(tight.count).toBeLessThan(wide.count);
    expect(await countTokens(tight.text)).toBeLessThanOrEqual(150);
    expect(await countTokens(wide.text)).toBeLessThanOrEqual(1000);
    expect(tight.text).toMatch(/^- 2023-05-(08|25): /m);
  });

  it('writes per-question JSONL and the summary', async () => {
    const { results, cost } = await runLocomo([conv], options({ sources: ['turns'], limit: 3 }));
    const root = mkdtempSync(path.join(tmpdir(), 'engram-locomo-'));
    const dir = await writeLocomoRun(results, locomoTable(results, cost), {
      root,
      at: new Date('2026-11-29T13:00:00Z'),
    });
    expect(path.basename(dir)).toBe('2026-11-29T13-00-00Z-locomo');
    const lines = readFileSync(path.join(dir, 'questions.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(Object.keys(JSON.parse(lines[0]!) as object)).toEqual(
      expect.arrayContaining(['question', 'gold', 'category', 'source', 'answer', 'correct', 'blockTokens']),
    );
  });
});
