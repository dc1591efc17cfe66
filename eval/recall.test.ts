// eval:recall's reading and scoring on a hand-made LoCoMo-format file, and the #5 targets on the real dev file
// when ../shared is present.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { diaIds, loadLocomo, partOf } from './locomo-recall';
import { reachable, scoreRecall } from './recall-score';

const MINI = resolve(__dirname, '../test/fixtures/locomo/mini.json');
const DEV = resolve(__dirname, '../../shared/locomo/locomo-dev.json');

describe('eval:recall on a hand-made LoCoMo file', () => {
  test('dia_ids as lists, comma-joined strings and "D:1:2" all count; category 5 is left out', () => {
    expect(diaIds(['D1:3', 'D1:4'])).toEqual(['D1:3', 'D1:4']);
    expect(diaIds('D1:1, D:1:2')).toEqual(['D1:1', 'D1:2']);
    const [store] = loadLocomo(MINI, 'observations');
    expect(store?.memories.map((m) => m.evidence)).toEqual([['D1:3', 'D1:4'], ['D1:1', 'D1:2'], ['D2:2']]);
    expect(store?.memories[2]?.occurredStart).toBe('2023-06-20T10:00:00.000Z');
    expect(store?.questions.map((q) => q.category)).toEqual([4, 1, 4]);
  });

  test('scores hits and coverage per question; an answer turn is found through the question before it', async () => {
    const turns = (await scoreRecall(loadLocomo(MINI, 'turns'), [100]))[100]!;
    // Q1's answer turn has none of its words; Q3 its turn. Q2 finds D1:3 but not D2:1 ("Miso loves the sunny
    // windowsill"), which shares no stem with the question: the FTS5 past index matches whole stems only (#13).
    expect(turns.overall).toMatchObject({ questions: 3, hitAtBudget: 1, evidenceCoverage: 0.833 });
    const observations = (await scoreRecall(loadLocomo(MINI, 'observations'), [100]))[100]!;
    // Q2's windowsill (D2:1) is in no observation: half covered.
    expect(observations['category 1']).toMatchObject({ questions: 1, hitAtBudget: 1, evidenceCoverage: 0.5 });
    // Q1's answer turn (D1:2) is an observation's evidence too; only D2:1 is missing: 1 hit each, 5/6 coverage.
    expect(reachable(loadLocomo(MINI, 'observations'))).toEqual({ hitAtBudget: 1, evidenceCoverage: 0.833 });
  });

  test('each conversation is in the tuning or the check part by its id alone, and each part is scored', async () => {
    expect(['conv-26', 'conv-30', 'conv-41', 'conv-42', 'conv-43'].map(partOf)).toEqual([
      'tune',
      'check',
      'check',
      'tune',
      'check',
    ]);
    const [store] = loadLocomo(MINI, 'turns');
    expect(store?.part).toBe(partOf('mini-1'));
    const scores = (await scoreRecall([store!], [100]))[100]!;
    expect(scores[`part ${store!.part}`]).toEqual(scores.overall);
  });
});

describe('eval:recall on ../shared/locomo/locomo-dev.json (#5, #13, #28 gate)', () => {
  // The figures of docs/recall.md, as floors: a change that loses a question on either part at either budget
  // fails here. #28's targets (600: 0.90 / 0.84, 1,000: 0.93 / 0.87) are met. @600 is one question (of 760)
  // below the figures before #37: a past line is labelled "Me:" in the block's words where it once carried
  // LoCoMo's speaker name, which one check-part question matched on (docs/recall.md, "Block words").
  const FLOORS = {
    600: { overall: [0.907, 0.84], 'part tune': [0.897, 0.828], 'part check': [0.915, 0.851] },
    1000: { overall: [0.936, 0.876], 'part tune': [0.937, 0.87], 'part check': [0.934, 0.881] },
  } as const;

  test.skipIf(!existsSync(DEV))(
    '--source both at 600 and 1,000 tokens, whole set and both parts, holds the pinned hit and coverage',
    async () => {
      const scores = await scoreRecall(loadLocomo(DEV, 'both'), [600, 1000]);
      expect(scores[600]?.overall?.questions).toBe(760);
      expect(scores[600]?.['part tune']?.questions).toBe(349);
      for (const [budget, parts] of Object.entries(FLOORS))
        for (const [part, [hit, coverage]] of Object.entries(parts)) {
          const got = scores[Number(budget)]?.[part];
          expect(got?.hitAtBudget, `${part} @${budget}`).toBeGreaterThanOrEqual(hit);
          expect(got?.evidenceCoverage, `${part} @${budget}`).toBeGreaterThanOrEqual(coverage);
        }
    },
    // The past index runs on sqlite-wasm, one in-memory database per store: ~100 s on the loaded 2-core box.
    240_000,
  );
});
