// The multilingual recall set (#28): in every language, a draft that shares a noun with a past chat or a
// memory finds it (in a 600-token block and among the first three lines of its kind), and so does the memory
// manager's search. Before the shared analyzer: Japanese 0.0 / 0.0 / 0.1, Chinese 0.0 / 0.0 / 0.0, Korean
// 0.5 / 0.5 / 1.0, Russian 0.82 / 0.8 / 0.9 (past chats / memories / search, hit).
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { readLanguageSet, scoreLanguages } from './languages-score';

const SET = resolve(__dirname, '../test/fixtures/languages/recall-set.json');

test('every language of the set: hit ≥ 0.9 for past chats, memories and the manager search', async () => {
  const set = readLanguageSet(SET);
  expect(set.languages.map((l) => l.lang)).toEqual(['ja', 'ko', 'zh', 'ru', 'de', 'es', 'en']);
  const scores = await scoreLanguages(set);
  for (const [lang, s] of Object.entries(scores)) {
    for (const found of [s.past, s.memories, s.manager]) {
      expect(found.n, lang).toBeGreaterThanOrEqual(10);
      expect(found.hit, `${lang}: ${s.missed.join('; ')}`).toBeGreaterThanOrEqual(0.9);
      expect(found.first3, `${lang}: ${s.missed.join('; ')}`).toBeGreaterThanOrEqual(0.9);
    }
  }
  // German compounds are found by their head, not by their tail ("Orchester" in "Schulorchester").
  expect(Object.values(scores).flatMap((s) => s.missed)).toEqual(['manager: Orchester']);
});
