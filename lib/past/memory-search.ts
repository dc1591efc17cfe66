// Lexical relevance of memories (#28): FTS5 finds the memories that hold a query term; the score is computed from
// each match's stems as the memory index scored before the move to SQLite (MiniSearch: BM25 with k 1.2, b 0.7,
// idf log(1 + (N - n + 0.5) / (n + 0.5)), a length of distinct terms, prefix matches at 0.4 weight and near
// spellings at 0.3, the sum times the number of query terms matched), so the ranking eval:recall tuned carries
// over: eval:recall --source both gives the same block for each of the 760 questions (docs/recall.md).
import { compoundParts, partCandidates } from '../recall/compounds';
import { terms } from '../recall/terms';
import { fuzzyDistance } from './fuzzy';
import { frequencies, lengthsOf, longer, postingsFor } from './memory-reads';
import type { MemoryTable } from './memory-table';
import type { Lengths, Postings, Tally } from './memory-cache';

/** Tuning knobs, measured with eval:recall; the defaults are what ships. */
export interface LexicalOptions {
  bm25?: { k: number; b: number };
  prefixWeight?: number;
  fuzzyWeight?: number;
}

// Long drafts make long queries: the rarest terms decide the ranking, so a query keeps its 24 rarest terms.
// In a large table, terms in more than a twentieth of it are not searched (their posting lists cost the time:
// bench:recall) but still add their idf to the memories the rare terms found. Tables under 5,000 search every
// term: there a term in every other memory (LoCoMo: a speaker's name) also decides which weak matches fill the
// tail (eval:recall 0.872 vs 0.850 hit).
const MAX_QUERY_TERMS = 24;
const COMMON_SHARE = 0.05;
const COMMON_MIN_DOCS = 5000;
const BM25 = { k: 1.2, b: 0.7 };
const PREFIX_WEIGHT = 0.4;
const FUZZY_WEIGHT = 0.3;
// A query term of 5+ letters also matches longer terms it begins (a small table, or a word it lacks).
const PREFIX_MIN = 5;
// In a large table whose query holds terms too common to search, this many matches are scored again (withCommon).
const CANDIDATES = 1000;
/** Boosts only reorder the head (lib/recall/rank.ts): the best few hundred by relevance are enough. */
export const HEAD = 400;

/** A term a query term matches, with its weight and document frequency. */
export interface Derived {
  term: string;
  weight: number;
  df: number;
}

export interface Bm25 {
  k: number;
  b: number;
  /** Average length (distinct stems) of a memory. */
  average: number;
  idf: (df: number) => number;
}

interface Term {
  term: string;
  df: number;
}

/** The query's distinct terms, rarest first, split into those worth a search and the too-common rest. */
function queryTerms(table: MemoryTable, query: string) {
  const asked = [...new Set(terms(query))];
  // Heads and tails of every long word in the same read: only the unknown ones use them.
  const df = frequencies(table, [...new Set([...asked, ...asked.flatMap(partCandidates)])]);
  const unknown = asked.filter((t) => !df.get(t));
  const parts = unknown.flatMap((t) => compoundParts(t, (p) => (df.get(p) ?? 0) > 0));
  const size = table.size;
  const limit = size >= COMMON_MIN_DOCS ? size * COMMON_SHARE : Infinity;
  const ordered = [...new Set([...asked, ...parts])]
    .map((t) => ({ term: t, df: df.get(t) ?? 0 }))
    .sort((a, b) => a.df - b.df)
    .slice(0, MAX_QUERY_TERMS);
  return { rare: ordered.filter((t) => t.df <= limit), common: ordered.filter((t) => t.df > limit) };
}

/**
 * Each searched term with what it matches: itself; longer terms it begins, when it is a prefix worth trying; and
 * terms within a few edits of it (./fuzzy.ts), as MiniSearch weighed them. In a large table only a word the table
 * lacks is matched loosely: a known word would pull in its neighbours' long posting lists (bench:recall).
 */
function derive(table: MemoryTable, searched: readonly Term[], options: LexicalOptions) {
  const loose = searched.filter((t) => table.size < COMMON_MIN_DOCS || t.df === 0);
  const prefixable = loose.filter((t) => t.term.length >= PREFIX_MIN).map((t) => t.term);
  const prefixed = new Map(longer(table, prefixable).map((list, i) => [prefixable[i], list]));
  const near = new Map(
    loose.map(({ term }) => [term, fuzzyDistance(term) > 0 ? table.near(term, fuzzyDistance(term)) : []]),
  );
  const nearDf = frequencies(table, [...new Set([...near.values()].flat().map(([t]) => t))]);
  const prefixWeight = options.prefixWeight ?? PREFIX_WEIGHT;
  const fuzzyWeight = options.fuzzyWeight ?? FUZZY_WEIGHT;
  return searched.map(({ term, df }) => {
    const derived: Derived[] = df > 0 ? [{ term, weight: 1, df }] : [];
    const longerTerms = prefixed.get(term) ?? [];
    for (const [t, d] of longerTerms)
      derived.push({
        term: t,
        df: d,
        weight: (prefixWeight * t.length) / (t.length + 0.3 * (t.length - term.length)),
      });
    // A term that is also a prefix match is weighed as one (MiniSearch).
    const taken = new Set(longerTerms.map(([t]) => t));
    for (const [t, distance] of near.get(term) ?? []) {
      const d = nearDf.get(t) ?? 0;
      if (d > 0 && !taken.has(t))
        derived.push({ term: t, df: d, weight: (fuzzyWeight * t.length) / (t.length + distance) });
    }
    return { term, derived };
  });
}

type Searched = ReturnType<typeof derive>;

/**
 * Every match's relevance from the postings of the searched terms (./memory-cache.ts), without reading a row:
 * per query term, the BM25 of each term it matches (k, b over a length of distinct stems) times that match's
 * weight, summed; the sum times how many query terms matched, as test/helpers/memory-scorer.ts computes it from a memory's
 * stems. Best first, ties by rowid (as the rows came from SQLite before, #39).
 */
function byPostings(table: MemoryTable, searched: Searched, bm25: Bm25, limit: number): [number, number][] {
  const lists = postingsFor(
    table,
    searched.flatMap((s) => s.derived.map((d) => d.term)),
  );
  const tally = table.cache.tally;
  tally.fit(Math.max(0, ...[...lists.values()].map((p) => (p.rows.at(-1) ?? 0) + 1)));
  const touched: number[] = [];
  searched.forEach((s, i) => {
    for (const d of s.derived) {
      const postings = lists.get(d.term);
      if (postings) add(tally, touched, i, postings, d.weight * bm25.idf(d.df), bm25, lengthsOf(table));
    }
  });
  // The last query term's parts are added, and each score times its query terms matched.
  const { score, matched } = tally;
  for (const rowid of touched) {
    fold(tally, rowid);
    score[rowid] = (score[rowid] ?? 0) * (matched[rowid] ?? 0);
  }
  const best = touched
    .sort((x, y) => (score[y] ?? 0) - (score[x] ?? 0) || x - y)
    .slice(0, limit)
    .map((rowid): [number, number] => [rowid, score[rowid] ?? 0]);
  tally.reset(touched);
  return best;
}

/** A row's part of the query term it last matched joins its score. */
function fold(tally: Tally, rowid: number): void {
  tally.score[rowid] = (tally.score[rowid] ?? 0) + (tally.part[rowid] ?? 0);
  tally.matched[rowid] = (tally.matched[rowid] ?? 0) + 1;
}

/**
 * Adds one matched term's BM25 to the part of query term `i` of each row that holds it. A row's part of a query
 * term is summed over the terms it matches, then added to its score when the next query term reaches it (fold):
 * the sums, in the order test/helpers/memory-scorer.ts adds them.
 */
function add(
  tally: Tally,
  touched: number[],
  i: number,
  postings: Postings,
  base: number,
  bm25: Bm25,
  lengths: Lengths,
) {
  const { part, last } = tally;
  const { k, b, average } = bm25;
  for (let j = 0; j < postings.rows.length; j++) {
    const rowid = postings.rows[j] ?? 0;
    if (last[rowid] !== i) {
      if (last[rowid] === -1) touched.push(rowid);
      else fold(tally, rowid);
      last[rowid] = i;
      part[rowid] = 0;
    }
    const f = postings.tf[j] ?? 1;
    const norm = k * (1 - b + (b * lengths.of(rowid)) / average);
    part[rowid] = (part[rowid] ?? 0) + base * ((f * (k + 1)) / (f + norm));
  }
}

/**
 * When the query also holds terms too common to search (a large table), the best CANDIDATES by the searched terms
 * each gain the idf of every too-common term they hold (once, without BM25, as test/helpers/memory-scorer.ts
 * scores a memory), read from those terms' postings, which the worker keeps between queries. Scoring them again
 * from their stems read and split 1,000 rows at every query: a memory query at 10,000 memories took 6.3 ms of CPU
 * that way and 5.2 ms this way (the median of 7 rounds of 40 drafts, #39); letting FTS5 rank every match with
 * bm25() took 96 ms at 50,000 memories (bench:recall, #28).
 */
function withCommon(table: MemoryTable, ranked: [number, number][], common: readonly Term[], bm25: Bm25) {
  const at = new Map(ranked.map(([rowid], i) => [rowid, i]));
  const bonus = new Float64Array(ranked.length);
  const lists = postingsFor(
    table,
    common.map((c) => c.term),
  );
  for (const { term, df } of common) {
    const share = bm25.idf(df);
    for (const rowid of lists.get(term)?.rows ?? []) {
      const i = at.get(rowid);
      if (i !== undefined) bonus[i] = (bonus[i] ?? 0) + share;
    }
  }
  return ranked
    .map(([rowid, score], i): [number, number] => [rowid, score + (bonus[i] ?? 0)])
    .sort((x, y) => y[1] - x[1] || x[0] - y[0]);
}

/** The best memories for a query by relevance, best first: [rowid, score]. */
export function lexicalHits(
  table: MemoryTable,
  query: string,
  options: LexicalOptions = {},
): [number, number][] {
  const n = table.size;
  const { rare, common } = queryTerms(table, query);
  if (n === 0 || rare.length + common.length === 0) return [];
  const searched = derive(table, rare.length > 0 ? rare : common, options);
  if (!searched.some((s) => s.derived.length > 0)) return [];
  const idf = (df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
  const bm25 = { ...(options.bm25 ?? BM25), average: table.averageLength, idf };
  const unsearched = rare.length > 0 ? common : [];
  if (unsearched.length === 0) return byPostings(table, searched, bm25, HEAD);
  const ranked = byPostings(table, searched, bm25, CANDIDATES);
  return withCommon(table, ranked, unsearched, bm25).slice(0, HEAD);
}
