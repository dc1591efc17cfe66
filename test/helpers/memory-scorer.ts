// The oracle of a memory's relevance (#28, #39): a memory scored from its stems, as the memory index scored before
// the move to SQLite (MiniSearch): per query term, BM25 of each term it matches (itself, a longer term it begins, a
// near spelling) times that match's weight; the sum times the number of query terms matched; plus the idf of each
// too-common query term it holds. lib/past/memory-search.ts computes the same from postings without reading a
// row; lib/past/memory-search.test.ts holds the two equal. (This was the product's scoring of a large table's
// candidates until #39 moved the too-common terms' share to postings as well.)
import type { Bm25, Derived } from '../../lib/past/memory-search';
import type { MemoryTable } from '../../lib/past/memory-table';

/**
 * The scoring of one query. Each derived term's share at tf 1 is computed once; a candidate's stems are scanned
 * once, counting hits in reused arrays (a Map of term frequencies per candidate was a fifth of a query's time,
 * with its garbage collection, bench:recall).
 */
class Scorer {
  private readonly index = new Map<string, number[]>();
  private readonly owner: number[] = [];
  private readonly base: number[] = [];
  private readonly extra: Map<string, number>;
  private readonly tf: Int32Array;
  private readonly parts: Float64Array;

  constructor(
    searched: readonly { derived: readonly Derived[] }[],
    common: readonly { term: string; df: number }[],
    private readonly bm25: Bm25,
  ) {
    searched.forEach((s, i) =>
      s.derived.forEach((d) => {
        this.index.set(d.term, [...(this.index.get(d.term) ?? []), this.owner.length]);
        this.owner.push(i);
        this.base.push(d.weight * bm25.idf(d.df));
      }),
    );
    this.extra = new Map(common.map((c) => [c.term, bm25.idf(c.df)]));
    this.tf = new Int32Array(this.owner.length);
    this.parts = new Float64Array(searched.length);
  }

  score(stems: string, length: number): number {
    const { tf, parts } = this;
    const touched: number[] = [];
    const seen = new Set<string>();
    let bonus = 0;
    for (const t of stems.split(' ')) {
      for (const at of this.index.get(t) ?? []) {
        if (!tf[at]) touched.push(at);
        tf[at] = (tf[at] ?? 0) + 1;
      }
      const share = this.extra.get(t);
      if (share !== undefined && !seen.has(t)) {
        bonus += share;
        seen.add(t);
      }
    }
    const { k, b, average } = this.bm25;
    const norm = k * (1 - b + (b * length) / average);
    for (const at of touched) {
      const f = tf[at] ?? 0;
      const i = this.owner[at] ?? 0;
      parts[i] = (parts[i] ?? 0) + (this.base[at] ?? 0) * ((f * (k + 1)) / (f + norm));
      tf[at] = 0;
    }
    return this.sum() + bonus;
  }

  /** The query terms' parts, times how many matched; the parts are reset for the next candidate. */
  private sum(): number {
    let score = 0;
    let matched = 0;
    for (let i = 0; i < this.parts.length; i++) {
      const part = this.parts[i] ?? 0;
      if (part > 0) {
        score += part;
        matched++;
        this.parts[i] = 0;
      }
    }
    return score * matched;
  }
}

/** The scoring function for one query's searched terms and too-common terms. */
export function scorer(
  searched: readonly { derived: readonly Derived[] }[],
  common: readonly { term: string; df: number }[],
  bm25: Bm25,
): (stems: string, length: number) => number {
  const s = new Scorer(searched, common, bm25);
  return (stems, length) => s.score(stems, length);
}

/** Each row's stems (as stored, a term once per occurrence) and length (distinct stems). */
export function stemsOf(table: MemoryTable, rowids: readonly number[]): Map<number, [string, number]> {
  const text = table.read(
    `SELECT group_concat(rowid || char(31) || stems || char(31) || len, char(30)) FROM mems
       WHERE rowid IN (SELECT value FROM json_each(?))`,
    [JSON.stringify(rowids)],
  );
  const rows = typeof text === 'string' && text ? text.split('\u001e').map((r) => r.split('\u001f')) : [];
  return new Map(rows.map(([rowid, stems = '', len]) => [Number(rowid), [stems, Number(len)]]));
}
