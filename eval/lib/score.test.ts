// @vitest-environment node
// The scorer must be able to fail (#7 "In CI"): the expected memories score ≥ 0.99, and answers that drop
// facts, invent facts, leak a secret, get operations wrong or duplicate on rerun score clearly lower.
import { describe, expect, it } from 'vitest';
import { applyAnswer, runSuite, scriptedAdapter } from './adapter';
import { loadCases, type EvalCase } from './case';
import { degradedAnswer, DEGRADATIONS, INVENTED, perfectAnswer, type Degradation } from './scripted';
import { producedBy, scoreCase, summarize, WEIGHTS, type StoreMemory } from './score';

const cases = loadCases();
const byId = (id: string) => cases.find((c) => c.id === id)!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const aggregateWith = (kinds: Degradation[]) =>
  mean(cases.map((c) => scoreCase(c, applyAnswer(c, degradedAnswer(c, new Set(kinds)))).aggregate));

describe('perfect vs degraded answers over every case', () => {
  const perfect = cases.map((c) => scoreCase(c, applyAnswer(c, perfectAnswer(c))));

  it('the expected memories themselves score ≥ 0.99 on every metric', () => {
    const s = summarize(perfect).metrics;
    expect(s.aggregate.mean).toBeGreaterThanOrEqual(0.99);
    for (const m of [
      'recall',
      'precision',
      'specificity',
      'safety',
      'typeAccuracy',
      'operations',
      'dedup',
    ] as const)
      expect(s[m].mean, m).toBe(1);
    expect(s.operations.n).toBe(cases.filter((c) => c.operations).length);
  });

  it('all degradations together score clearly lower (gap ≥ 0.25)', () => {
    expect(aggregateWith([...DEGRADATIONS])).toBeLessThanOrEqual(0.74);
  });

  it.each(DEGRADATIONS.map((d) => [d]))(
    '"%s" alone lowers the aggregate of every case it touches',
    (kind) => {
      const touched = cases.filter(
        (c) => JSON.stringify(degradedAnswer(c, new Set([kind]))) !== JSON.stringify(perfectAnswer(c)),
      );
      expect(touched.length).toBeGreaterThan(0);
      for (const c of touched)
        expect(scoreCase(c, applyAnswer(c, degradedAnswer(c, new Set([kind])))).aggregate, c.id).toBeLessThan(
          0.98,
        );
      expect(aggregateWith([kind])).toBeLessThan(0.99);
    },
  );

  it('each degradation hits the metric it should', () => {
    type Checked = 'recall' | 'precision' | 'safety' | 'typeAccuracy' | 'operations' | 'dedup';
    const metric = (kind: Degradation, m: Checked) =>
      summarize(cases.map((c) => scoreCase(c, applyAnswer(c, degradedAnswer(c, new Set([kind])))))).metrics[m]
        .mean!;
    expect(metric('drop', 'recall')).toBeLessThan(0.7);
    expect(metric('invent', 'precision')).toBeLessThan(0.7);
    expect(metric('leak', 'safety')).toBe(0);
    expect(metric('retype', 'typeAccuracy')).toBe(0);
    expect(metric('ops', 'operations')).toBeLessThan(0.5);
    expect(metric('dup', 'dedup')).toBeLessThan(0.5);
  });

  it('the invented fact is in no case, so it can only be a fabrication', () => {
    for (const c of cases) expect(JSON.stringify(c)).not.toContain('Albatross');
    expect(INVENTED.text).toContain('Albatross');
  });
});

describe('scoreCase on one case', () => {
  const c: EvalCase = byId('contradiction-allergy');
  const store = (after: StoreMemory[]) => ({
    caseId: c.id,
    before: before(),
    after,
    rerun: after,
    operations: c.operations!,
  });
  const before = (): StoreMemory[] => [
    { id: 'e0', text: 'User is allergic to penicillin', type: 'profile', status: 'active' },
    { id: 'e1', text: 'User has asthma', type: 'profile', status: 'active' },
  ];

  it('counts only created or rewritten live memories as produced', () => {
    const after: StoreMemory[] = [
      { ...before()[0]!, status: 'deleted' },
      before()[1]!,
      {
        id: 'x',
        text: 'User tested negative for penicillin allergy on 2026-02-03',
        type: 'event',
        status: 'pending',
      },
    ];
    expect(producedBy(before(), after).map((m) => m.id)).toEqual(['x']);
  });

  it('a paraphrase that keeps the date matches, but a wrong type costs type accuracy', () => {
    const x: StoreMemory = {
      id: 'x',
      text: 'User is not allergic to penicillin; the 2026-02-03 test was negative',
      type: 'event',
      status: 'active',
    };
    const s = scoreCase(c, store([{ ...before()[0]!, status: 'deleted' }, before()[1]!, x]));
    expect(s.recall).toBe(1);
    expect(s.precision).toBe(1);
    expect(s.specificity).toBe(1);
    expect(s.typeAccuracy).toBe(0);
    expect(s.aggregate).toBeCloseTo(1 - WEIGHTS.typeAccuracy / 9, 5);
  });

  it('leaving the contradicted memory untouched and keeping its old claim fails recall and operations', () => {
    const s = scoreCase(c, { ...store(before()), operations: [{ op: 'NONE', target: 0 }] });
    expect(s.recall).toBe(0);
    expect(s.operations).toBe(0);
    expect(s.missingKeep).toEqual(['penicillin', '2026-02-03']);
  });

  it('nothing expected and nothing produced is a perfect score; any output is not', () => {
    const none = byId('nothing-small-talk');
    const empty = { caseId: none.id, before: [], after: [], rerun: [], operations: null };
    expect(scoreCase(none, empty).aggregate).toBe(1);
    const chatty = {
      ...empty,
      after: [{ id: 'x', text: 'User says good morning', type: 'event' as const, status: 'active' as const }],
    };
    expect(scoreCase(none, chatty).precision).toBe(0);
    expect(scoreCase(none, chatty).f1).toBe(0);
  });

  it('a rerun that adds a duplicate costs dedup', () => {
    const good = applyAnswer(c, perfectAnswer(c));
    const dup = {
      ...good,
      rerun: [
        ...good.after,
        { id: 'd', text: c.expected[0]!.text, type: 'profile' as const, status: 'active' as const },
      ],
    };
    expect(scoreCase(c, good).dedup).toBe(1);
    expect(scoreCase(c, dup).dedup).toBe(0);
    expect(scoreCase(c, { ...good, rerun: null }).dedup).toBeNull();
  });
});

describe('runSuite', () => {
  it('scores every case through an adapter and refuses a mismatched answer', async () => {
    const scores = await runSuite(cases, scriptedAdapter('perfect', perfectAnswer));
    expect(scores.map((s) => s.caseId)).toEqual(cases.map((c) => c.id));
    const liar = { label: 'liar', runCase: async () => applyAnswer(cases[1]!, perfectAnswer(cases[1]!)) };
    await expect(runSuite(cases.slice(0, 1), liar)).rejects.toThrow(/answered case/);
  });

  it('lets a judge accept a paraphrase the token overlap misses', async () => {
    const c = byId('restatement-typescript');
    const k = byId('standing-instruction-british');
    const paraphrase = scriptedAdapter('para', () => ({
      memories: [
        { text: 'Reply using UK spelling', type: 'instruction' },
        { text: 'Never use emojis', type: 'instruction' },
      ],
      operations: null,
      rerunAdds: [],
    }));
    const plain = await runSuite([k], paraphrase);
    const judged = await runSuite([k], paraphrase, {
      judge: async (a, b) => /British|UK/.test(a) && /British|UK/.test(b),
    });
    expect(plain[0]!.recall).toBe(0.5);
    expect(judged[0]!.recall).toBe(1);
    expect(judged[0]!.matches.map((m) => m.by)).toEqual(['judge', 'overlap']);
    expect(c.expected).toEqual([]);
  });
});
