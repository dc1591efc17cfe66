// Lexical relevance of memories (#28): FTS5 finds the memories that hold a query term; the score is computed from
// each match's stems as the memory index scored before the move to SQLite (MiniSearch: BM25 with k 1.2, b 0.7,
// idf log(1 + (N - n + 0.5) / (n + 0.5)), a length of distinct terms, prefix matches at 0.4 weight and near
// spellings at 0.3, the sum times the number of query terms matched), so the ranking eval:recall tuned carries
// over: eval:recall --source both gives the same block for each of the 760 questions (docs/recall.md).
import { compoundParts, partCandidates } from '../recall/compounds';
import { terms } from '../recall/terms';
import { fuzzyDistance } from './fuzzy';
import { frequencies, longer, postings, stemsOf } from './memory-reads';
import { scorer } from './memory-score';
import type { MemoryTable } from './memory-table';
import type { Derived } from './memory-score';

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
// In a large table this many matches are scored, the best by a rough score (candidates below).
const CANDIDATES = 1000;
/** Boosts only reorder the head (lib/recall/rank.ts): the best few hundred by relevance are enough. */
export const HEAD = 400;

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

const quoted = (t: string) => `"${t.replaceAll('"', '""')}"`;

/**
 * The stems of the memories to score. A small table gives every match. In a large one each searched term's
 * postings are read and the matches cut to the best CANDIDATES by their terms' idf times how many of the query's
 * terms they hold (BM25 without term frequencies and lengths; the scoring below has them): letting FTS5 rank them
 * with bm25() cost 96 ms at 50,000 memories, reading every match's stems 30 ms (bench:recall).
 */
function candidates(table: MemoryTable, searched: ReturnType<typeof derive>, idf: (df: number) => number) {
  const derived = searched.flatMap((s) => s.derived);
  if (table.size < COMMON_MIN_DOCS)
    return stemsOf(table, { match: [...new Set(derived.map((d) => quoted(d.term)))].join(' OR ') });
  const lists = postings(
    table,
    derived.map((d) => quoted(d.term)),
  );
  const rough = new Map<number, { score: number; terms: number; last: number }>();
  let at = 0;
  searched.forEach((s, i) => {
    for (const d of s.derived)
      for (const rowid of lists[at++] ?? []) {
        const r = rough.get(rowid) ?? { score: 0, terms: 0, last: -1 };
        r.score += d.weight * idf(d.df);
        if (r.last !== i) {
          r.last = i;
          r.terms++;
        }
        rough.set(rowid, r);
      }
  });
  const value = (r: { score: number; terms: number }) => r.score * r.terms;
  const best = [...rough].sort((a, b) => value(b[1]) - value(a[1])).slice(0, CANDIDATES);
  return stemsOf(table, { rowids: best.map(([rowid]) => rowid) });
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
  const score = scorer(searched, rare.length > 0 ? common : [], {
    ...(options.bm25 ?? BM25),
    average: table.averageLength,
    idf,
  });
  const scored = candidates(table, searched, idf).map(([rowid, stems, length]): [number, number] => [
    rowid,
    score(stems, length),
  ]);
  return scored.sort((x, y) => y[1] - x[1]).slice(0, HEAD);
}
