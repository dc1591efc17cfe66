// A large table's relevance from postings alone (#39): in a table of 5,000+ memories the terms in more than a
// twentieth of it are not searched, and the best 1,000 matches gain those terms' idf. They gain it from the
// terms' postings, which the worker keeps, where they were scored again from their stems (a read and a split of
// 1,000 rows at every query). The score must be the one the stems give (test/helpers/memory-scorer.ts).
import { beforeAll, expect, test } from 'vitest';
import { memories, rng, sentence, vocabulary } from '../../bench/synthetic';
import { scorer, stemsOf } from '../../test/helpers/memory-scorer';
import { terms } from '../recall/terms';
import { loadSqlite, memoryTable } from './memory-db';
import { frequencies } from './memory-reads';
import { lexicalHits } from './memory-search';
import type { MemoryTable } from './memory-table';

const SIZE = 6_000;
let table: MemoryTable;
let words: string[];
let rand: () => number;

beforeAll(async () => {
  await loadSqlite();
  rand = rng(39);
  words = vocabulary(4_000, rand);
  table = memoryTable(memories(SIZE, words, rand));
});

/** The query's terms as lexicalHits splits them: searched (in at most a twentieth of the table) and too common. */
function split(query: string) {
  const asked = [...new Set(terms(query))];
  const df = frequencies(table, asked);
  const known = asked.map((term) => ({ term, df: df.get(term) ?? 0 }));
  return {
    // A word the table lacks is matched loosely (prefixes, near spellings): not what this oracle scores.
    unknown: known.some((t) => t.df === 0),
    rare: known.filter((t) => t.df > 0 && t.df <= SIZE * 0.05),
    common: known.filter((t) => t.df > SIZE * 0.05),
  };
}

test('with terms too common to search, every hit scores what its stems give, best first', () => {
  let withCommon = 0;
  for (let q = 0; q < 40; q++) {
    // 10 Zipf words hold common and rare ones; fewer than the 24 terms a query keeps.
    const query = sentence(words, 10, rand);
    const { unknown, rare, common } = split(query);
    if (unknown || rare.length === 0 || common.length === 0) continue;
    withCommon++;
    const n = table.size;
    const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
    const bm25 = { k: 1.2, b: 0.7, average: table.averageLength, idf };
    const score = scorer(
      rare.map((t) => ({ derived: [{ term: t.term, weight: 1, df: t.df }] })),
      common,
      bm25,
    );
    const hits = lexicalHits(table, query);
    expect(hits.length).toBeGreaterThan(0);
    const stems = stemsOf(
      table,
      hits.map(([rowid]) => rowid),
    );
    let bonus = 0;
    for (const [rowid, got] of hits) {
      const [text, length] = stems.get(rowid) ?? ['', 0];
      expect(got).toBeCloseTo(score(text, length), 9);
      const without = scorer(
        rare.map((t) => ({ derived: [{ term: t.term, weight: 1, df: t.df }] })),
        [],
        bm25,
      )(text, length);
      if (got - without > 1e-9) bonus++;
    }
    // The too-common terms' share is in the scores (a query without it would fail above as well).
    expect(bonus).toBeGreaterThan(0);
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]![1]).toBeGreaterThanOrEqual(hits[i]![1]);
  }
  expect(withCommon).toBeGreaterThanOrEqual(6);
});
