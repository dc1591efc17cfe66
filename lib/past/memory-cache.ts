// What the index's worker keeps of the memory table between queries (#39): each searched term's postings (the
// rows that hold it and how often), every row's length, and the rows it last sent. Read from SQLite on first use,
// never rebuilt: a worker that starts reads only what its first queries touch. Exact, because every write goes
// through the one MemoryTable that holds them (./memory-table.ts drops what a write touches). Reading these from
// SQLite at every query was a floor under every query: at 1,000 memories, ranking read and split the stems of
// every match (about all of them) and parsed 400 rows of JSON, 4.5× the cost of the same query over 100
// (bench:recall, test/recall-floor.test.ts).
import type { MemoryRow } from '../recall/index';

/** A row the worker keeps, with its mentionedAt parsed (each answer boosts its hits by their age). */
export interface HeldRow extends MemoryRow {
  mentioned: number;
}

/** The rows that hold a term, ascending, and how many times each holds it. */
export interface Postings {
  rows: Int32Array;
  tf: Uint16Array;
}

/**
 * Values by key; once `weigh` of what is held passes `limit`, the first kept go first. A read does not move its
 * key: moving it (delete and set again) made the Map rebuild its table every few queries, each copy promoted to
 * the old generation, and the young generation's collections took a third of a query at 1,000 memories (#39).
 */
class Held<K, V> {
  private readonly map = new Map<K, V>();
  private held = 0;

  constructor(
    private readonly limit: number,
    private readonly weigh: (v: V) => number,
  ) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    this.held += this.weigh(value);
    for (const [oldest, v] of this.map) {
      if (this.held <= this.limit || oldest === key) break;
      this.map.delete(oldest);
      this.held -= this.weigh(v);
    }
  }

  delete(key: K): void {
    const old = this.map.get(key);
    if (old === undefined) return;
    this.map.delete(key);
    this.held -= this.weigh(old);
  }

  clear(): void {
    this.map.clear();
    this.held = 0;
  }
}

// ~6 bytes a posting: 1M postings hold every posting of 50,000 memories' rarer terms. 5,000 rows of ~1 kB each.
const POSTINGS_HELD = 1_000_000;
const ROWS_HELD = 5_000;

/** A term's postings from FTS5's instance list ("3,3,7,12": row 3 twice), as Postings. */
export function postingsOf(list: string): Postings {
  const docs = list ? list.split(',').map(Number) : [];
  docs.sort((a, b) => a - b); // FTS5 lists a term's instances by row already: this costs nothing then
  const rows: number[] = [];
  const tf: number[] = [];
  for (const d of docs) {
    if (rows.at(-1) === d) {
      tf[tf.length - 1] = (tf.at(-1) ?? 0) + 1;
    } else {
      rows.push(d);
      tf.push(1);
    }
  }
  return { rows: Int32Array.from(rows), tf: Uint16Array.from(tf) };
}

/** Per-row sums for one query, indexed by rowid, reused (and left zeroed) from query to query. */
export class Tally {
  score = new Float64Array(0);
  part = new Float64Array(0);
  matched = new Int32Array(0);
  /** The query term whose part `part` holds, -1 for none. */
  last = new Int32Array(0);

  /** Room for rowids below `size`. */
  fit(size: number): void {
    if (size <= this.score.length) return;
    const n = Math.max(size, this.score.length * 2);
    this.score = new Float64Array(n);
    this.part = new Float64Array(n);
    this.matched = new Int32Array(n);
    this.last = new Int32Array(n).fill(-1);
  }

  /** Zeroes these rows after a query. */
  reset(rows: readonly number[]): void {
    for (const r of rows) {
      this.score[r] = 0;
      this.part[r] = 0;
      this.matched[r] = 0;
      this.last[r] = -1;
    }
  }
}

/** Every row's length (distinct stems) by rowid: BM25 reads one for each posting, a Map lookup each before. */
export class Lengths {
  private values = new Uint32Array(0);

  of(rowid: number): number {
    return this.values[rowid] || 1;
  }

  set(rowid: number, len: number): void {
    if (rowid >= this.values.length) {
      const grown = new Uint32Array(Math.max(rowid + 1, this.values.length * 2));
      grown.set(this.values);
      this.values = grown;
    }
    this.values[rowid] = len;
  }

  delete(rowid: number): void {
    if (rowid < this.values.length) this.values[rowid] = 0;
  }
}

export class MemoryCache {
  readonly tally = new Tally();
  private readonly postings = new Held<string, Postings>(POSTINGS_HELD, (p) => p.rows.length + 1);
  private readonly rows = new Held<number, HeldRow>(ROWS_HELD, () => 1);
  /** Every row's length (distinct stems), once read: BM25 needs it for every match. */
  lengths: Lengths | null = null;
  /** Standing rules and pinned memories (every answer holds them), until the next write. */
  reserved: MemoryRow[] | null = null;

  postingsOf(term: string): Postings | undefined {
    return this.postings.get(term);
  }

  keepPostings(term: string, postings: Postings): void {
    this.postings.set(term, postings);
  }

  row(rowid: number): HeldRow | undefined {
    return this.rows.get(rowid);
  }

  keepRow(rowid: number, row: HeldRow): void {
    this.rows.set(rowid, row);
  }

  /** A row was written or removed: its old and new stems' postings and the row itself are read again. */
  changed(rowid: number, stems: Iterable<string>, len: number | null): void {
    for (const t of stems) this.postings.delete(t);
    this.rows.delete(rowid);
    this.reserved = null;
    if (!this.lengths) return;
    if (len === null) this.lengths.delete(rowid);
    else this.lengths.set(rowid, len);
  }

  clear(): void {
    this.postings.clear();
    this.rows.clear();
    this.lengths = null;
    this.reserved = null;
  }
}
