// Memories in the recall index (#28): the same SQLite database, FTS5 tokenizer and analyzer (lib/recall/terms.ts)
// as past chats (./engine.ts), in tables of their own. Only active memories are held; a memory trashed, archived
// or waiting in Review is removed. Derived like the past index: the store stays the only writer, the background
// sends each committed change (lib/background/recall/memory-index.ts), and a table of another schema version,
// or one whose rebuild never finished, reopens empty and is rebuilt from the store. Persisted in OPFS, so a
// waking service worker opens it instead of rebuilding it (MiniSearch took 405 ms at 10,000 memories, #28).
import type { Recallable } from '../recall/index';
import { terms } from '../recall/terms';
import type { SqlDb } from './engine';
import { Lexicon } from './fuzzy';
import { MemoryCache } from './memory-cache';
import { Statements, type Value } from './statements';

/** Bump when the schema or the analyzer changes: the table is then rebuilt from the store. */
export const MEMORY_SCHEMA = 1;

// `stems` is what the FTS5 row was made from: ranking reads term frequencies and lengths from it (./memory-search.ts)
// and diversity compares stem sets (lib/recall/select.ts). `data` is the Recallable the preview shows. `mterms`
// keeps each stem's document frequency (fts5vocab reads a term's whole posting list for it: 24 terms took 4-9 ms
// at 10,000 memories) and every stem ever seen, for prefix and fuzzy lookups.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS mems(
  rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, scope TEXT NOT NULL, type TEXT NOT NULL,
  reserved INTEGER NOT NULL, len INTEGER NOT NULL, stems TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS mems_reserved ON mems(reserved) WHERE reserved = 1;
CREATE INDEX IF NOT EXISTS mems_type ON mems(type);
CREATE VIRTUAL TABLE IF NOT EXISTS mfts USING fts5(own, content='', contentless_delete=1,
  tokenize='unicode61 remove_diacritics 0');
CREATE TABLE IF NOT EXISTS mterms(term TEXT PRIMARY KEY, df INTEGER NOT NULL) WITHOUT ROWID;
CREATE VIRTUAL TABLE IF NOT EXISTS minst USING fts5vocab(mfts, 'instance');`;
// minst lists each term's instances row by row: a term's postings and their frequencies (#39). A view of mfts,
// so a table of this schema version without it gets it at its next open, with nothing to rebuild.
const DROP =
  'DROP TABLE IF EXISTS minst; DROP TABLE IF EXISTS mfts; DROP TABLE IF EXISTS mems; DROP TABLE IF EXISTS mterms;';
// Its own meta table: the past index clears and drops its `meta` with its own data (./engine.ts).
const META = 'CREATE TABLE IF NOT EXISTS mmeta(key TEXT PRIMARY KEY, value TEXT NOT NULL);';

/** Terms whose near spellings are kept (a few hundred bytes each). */
const NEARBY_HELD = 5000;

/** A memory's length for BM25: its distinct stems (as MiniSearch counted it, whose tuning carries over). */
const lengthOf = (stems: ReadonlySet<string>) => Math.max(1, stems.size);

/** Standing rules and pinned memories: in every block, so a query never scans the table for them. */
const isReserved = (m: Recallable) => m.priority === -1 || m.pinned;

/** The fields ranking reads, in one order, so an unchanged memory stores the same text and is skipped. */
function dataOf(m: Recallable): string {
  const { id, text, type, priority, pinned, proofCount, mentionedAt, occurredStart, occurredEnd } = m;
  const { scope, status, tokenCount, evidence } = m;
  const shown = { id, text, type, priority, pinned, proofCount, mentionedAt, occurredStart, occurredEnd };
  return JSON.stringify({ ...shown, scope, status, tokenCount, ...(evidence ? { evidence } : {}) });
}

export class MemoryTable {
  private readonly sql: Statements;
  /** Rows and their total length, for BM25's average length; counted once, then kept in step. */
  private totals: { rows: number; length: number } | null = null;
  /** Every stem ever indexed: read once, then kept in step (fuzzy lookups, ./fuzzy.ts). */
  private lexicon: Lexicon | null = null;
  /** Each term's near spellings, while the lexicon stays as it was. */
  private readonly nearby = new Map<string, [string, number][]>();
  /** Postings, lengths and rows read for earlier queries (./memory-cache.ts); every write here updates it. */
  readonly cache = new MemoryCache();

  constructor(private readonly db: SqlDb) {
    this.sql = new Statements(db);
  }

  /** Whether open() has run in this worker: the offscreen document's worker outlives the service worker. */
  private opened = false;

  /** Creates the tables, or drops a table of another version; true when it must be (re)built from the store. */
  open(): boolean {
    // A service worker that wakes opens the table again; the caches this worker holds are still right (every
    // write goes through it), and dropping them cost the first click a lexicon and a count.
    if (this.opened) return this.meta('memBuilt') === null;
    this.sql.forget();
    this.totals = null;
    this.lexicon = null;
    this.cache.clear();
    this.db.exec(META);
    if (this.meta('memSchema') !== String(MEMORY_SCHEMA)) {
      this.db.exec(DROP);
      this.db.exec('DELETE FROM mmeta');
    }
    this.db.exec(SCHEMA);
    this.setMeta('memSchema', String(MEMORY_SCHEMA));
    this.opened = true;
    return this.meta('memBuilt') === null;
  }

  meta(key: string): string | null {
    const value = this.read('SELECT value FROM mmeta WHERE key = ?', [key]);
    return typeof value === 'string' ? value : null;
  }

  setMeta(key: string, value: string): void {
    this.sql.run('INSERT OR REPLACE INTO mmeta(key, value) VALUES (?, ?)', [key, value]);
  }

  get size(): number {
    return this.counts().rows;
  }

  /** Average distinct stems per memory (BM25's average document length). */
  get averageLength(): number {
    const { rows, length } = this.counts();
    return rows > 0 ? length / rows : 0;
  }

  private counts(): { rows: number; length: number } {
    if (this.totals) return this.totals;
    const [rows, length] = this.sql.all('SELECT count(*), total(len) FROM mems', [])[0] ?? [0, 0];
    this.totals = { rows: Number(rows), length: Number(length) };
    return this.totals;
  }

  /**
   * Upserts the active memories and removes the others, in one transaction; `highWater` is the newest updatedAt
   * among them (the store's changes since are caught up later). Returns how many rows changed.
   */
  put(memories: readonly Recallable[], highWater: string | null = null): number {
    let changed = 0;
    this.guard(() =>
      this.db.transaction(() => {
        for (const m of memories) changed += m.status === 'active' ? this.upsert(m) : this.removeOne(m.id);
        if (highWater && highWater > (this.meta('memHighWater') ?? ''))
          this.setMeta('memHighWater', highWater);
      }),
    );
    return changed;
  }

  remove(ids: readonly string[]): void {
    this.guard(() => this.db.transaction(() => ids.forEach((id) => this.removeOne(id))));
  }

  clear(): void {
    this.db.exec(
      "DELETE FROM mems; DELETE FROM mfts; DELETE FROM mterms; DELETE FROM mmeta WHERE key = 'memHighWater';",
    );
    this.totals = { rows: 0, length: 0 };
    this.lexicon = null;
    this.cache.clear();
  }

  private upsert(m: Recallable): number {
    const stems = terms(m.text);
    const joined = stems.join(' ');
    const data = dataOf(m);
    const [rowid = null, oldStems = null, oldData = null] =
      this.sql.all('SELECT rowid, stems, data FROM mems WHERE id = ?', [m.id])[0] ?? [];
    if (oldStems === joined && oldData === data) return 0;
    const distinct = new Set(stems);
    const row: Value[] = [m.scope, m.type, isReserved(m) ? 1 : 0, lengthOf(distinct), joined, data];
    if (rowid !== null) {
      this.sql.run(
        'UPDATE mems SET scope = ?, type = ?, reserved = ?, len = ?, stems = ?, data = ? WHERE rowid = ?',
        [...row, rowid],
      );
      this.cache.changed(Number(rowid), [], lengthOf(distinct));
      if (oldStems === joined) return 1;
      this.unindex(Number(rowid), String(oldStems));
    } else {
      this.sql.run(
        'INSERT INTO mems(id, scope, type, reserved, len, stems, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [m.id, ...row],
      );
      this.count(1, 0);
    }
    const at = rowid ?? this.read('SELECT last_insert_rowid()', []);
    this.cache.changed(Number(at), distinct, lengthOf(distinct));
    this.sql.run('INSERT INTO mfts(rowid, own) VALUES (?, ?)', [at, joined]);
    for (const t of distinct) {
      this.sql.run('INSERT INTO mterms(term, df) VALUES (?, 1) ON CONFLICT(term) DO UPDATE SET df = df + 1', [
        t,
      ]);
      if (this.lexicon?.add(t)) this.nearby.clear();
    }
    this.count(0, lengthOf(distinct));
    return 1;
  }

  /** Takes a row's stems out of the FTS5 index and the document frequencies. */
  private unindex(rowid: number, stems: string): void {
    const distinct = new Set(stems.split(' ').filter(Boolean));
    this.cache.changed(rowid, distinct, null);
    this.sql.run('DELETE FROM mfts WHERE rowid = ?', [rowid]);
    for (const t of distinct) this.sql.run('UPDATE mterms SET df = df - 1 WHERE term = ?', [t]);
    this.count(0, -lengthOf(distinct));
  }

  private removeOne(id: string): number {
    const [rowid = null, stems = ''] =
      this.sql.all('SELECT rowid, stems FROM mems WHERE id = ?', [id])[0] ?? [];
    if (rowid === null) return 0;
    this.unindex(Number(rowid), String(stems));
    this.sql.run('DELETE FROM mems WHERE rowid = ?', [rowid]);
    this.count(-1, 0);
    return 1;
  }

  private count(rows: number, length: number): void {
    if (!this.totals) return;
    this.totals.rows += rows;
    this.totals.length += length;
  }

  /** A failed write may have been rolled back: the cached totals are recounted rather than trusted. */
  private guard(write: () => void): void {
    try {
      write();
    } catch (e) {
      this.totals = null;
      this.lexicon = null;
      this.cache.clear();
      throw e;
    }
  }

  ids(): string[] {
    const text = this.read('SELECT group_concat(id, char(30)) FROM mems', []);
    return typeof text === 'string' && text ? text.split('\u001e') : [];
  }

  /** One value of one row: reads return each query's rows as one string (./memory-reads.ts). */
  read(sql: string, bind: Value[]): Value {
    return this.sql.all(sql, bind)[0]?.[0] ?? null;
  }

  /**
   * Stems within `max` edits of the term (not the term itself), with their distance. Each term's answer is kept
   * until a new stem joins the lexicon: walking it grows with the vocabulary (#39).
   */
  near(term: string, max: number): [string, number][] {
    if (!this.lexicon) {
      this.lexicon = new Lexicon();
      this.nearby.clear();
      const all = this.read("SELECT group_concat(term, ' ') FROM mterms", []);
      for (const t of String(all ?? '').split(' ')) if (t) this.lexicon.add(t);
    }
    const key = `${max} ${term}`;
    let found = this.nearby.get(key);
    if (!found) {
      if (this.nearby.size >= NEARBY_HELD) this.nearby.clear();
      found = this.lexicon.near(term, max);
      this.nearby.set(key, found);
    }
    return found;
  }
}
