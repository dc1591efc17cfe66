// The past-turn index (#13): SQLite FTS5 (the official @sqlite.org/sqlite-wasm build), persisted in OPFS by
// the worker that hosts it (entrypoints/past-worker), in memory in Node (eval, unit tests). Dexie stays the
// source of truth: this is derived, stamped with a schema version, and rebuilt when that changes.
// Passages are ranked with bm25() over two columns, their own words and the words around them; both hold
// stems from lib/recall/terms.ts, so a query matches exactly what the memory index would.
import type { Database } from '@sqlite.org/sqlite-wasm';
import { terms } from '../recall/terms';
import { cutExcerpt } from './excerpt';
import { passageHash, type Passage } from './passages';
import { HeldReads, queryTerms, RANK_WEIGHTS, type PastHit, type QueryOptions } from './query';
import { Statements } from './statements';

export { RANK_WEIGHTS, type PastHit, type QueryOptions, type RankWeights } from './query';

/**
 * Bump when the schema, the passage rules or the tokenization change: the index is then rebuilt from Dexie.
 * 4 (#25 items 2, 3): passages are cut from whole turns already redacted, so an index of 3 may hold secrets;
 * each passage keeps its speaker's role, so an assistant's words are quoted as a past answer.
 */
export const PAST_SCHEMA = 4;

export type SqlDb = Pick<Database, 'exec' | 'prepare' | 'selectArrays' | 'selectValue' | 'transaction'>;

// Version 2 (bench:past at 2,000 conversations, docs/past-index.md): conversations get an integer id, a
// passage's id is its turn and chunk (no unique index over ~85-character strings), hashes are integers. The
// text columns a passage needs to be shown stay here, so a query never waits for IndexedDB.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS convs(id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE);
CREATE TABLE IF NOT EXISTS passages(
  rowid INTEGER PRIMARY KEY, conv INTEGER NOT NULL, turn TEXT NOT NULL, chunk INTEGER NOT NULL,
  who TEXT NOT NULL, role INTEGER NOT NULL, at TEXT NOT NULL, text TEXT NOT NULL, hash INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS passages_conv ON passages(conv);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(own, ctx, content='', contentless_delete=1,
  tokenize='unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE IF NOT EXISTS vocab USING fts5vocab(fts, 'row');`;
const DROP =
  'DROP TABLE IF EXISTS vocab; DROP TABLE IF EXISTS fts; DROP TABLE IF EXISTS passages; DROP TABLE IF EXISTS convs;';

const stems = (text: string) => terms(text).join(' ');
const passageId = (turn: string, chunk: number) => `${turn}~${chunk}`;

export class PastEngine {
  private readonly sql: Statements;
  /** Passages stored; counted once, then kept in step (a count(*) per query scanned the table). */
  private rows: number | null = null;
  /** The "Redact secrets" stamp this worker opened the index under (undefined: not opened here yet). */
  private openedAs: string | null | undefined;
  /** Terms' document frequencies and recent hits, held until a passage is written or deleted (query.ts, #39). */
  private readonly held: HeldReads;

  constructor(private readonly db: SqlDb) {
    this.sql = new Statements(db);
    this.held = new HeldReads(db);
  }

  /**
   * Creates the schema, or drops an index of another version or built under the other "Redact secrets" choice
   * (`redacted`; undefined keeps what is there); true when the index is (now) empty.
   */
  open(redacted?: boolean): boolean {
    const mode = redacted === undefined ? null : String(Number(redacted));
    // A service worker that wakes opens the index again. In this worker it is already open under that choice,
    // and its statements and count are still right (every write goes through it): creating the schema again
    // and rewriting both stamps were two commits on OPFS, ~30 ms of a click after a worker stop (#39).
    if (this.openedAs !== undefined && (mode === null || mode === this.openedAs)) return this.count() === 0;
    this.sql.forget();
    this.rows = null;
    this.held.drop();
    const version = this.metaOf('schema');
    const stamped = this.metaOf('redacted');
    const otherMode = mode !== null && stamped !== null && stamped !== mode;
    const dropped = version !== null && (Number(version) !== PAST_SCHEMA || otherMode);
    if (dropped) {
      this.db.exec(DROP);
      this.db.exec('DROP TABLE IF EXISTS meta;');
      this.purge();
    }
    this.db.exec(SCHEMA);
    if (dropped || version === null) this.setMeta('schema', String(PAST_SCHEMA));
    if (mode !== null && (dropped || mode !== stamped)) this.setMeta('redacted', mode);
    this.openedAs = mode ?? (dropped ? null : stamped);
    return this.count() === 0;
  }

  /**
   * Dropped or deleted rows stay in the file's free pages until they are reused: an index of schema 3 held
   * secrets, and Delete everything must leave no turn behind. VACUUM rewrites the file from the live rows.
   */
  private purge(): void {
    this.db.exec('VACUUM;');
  }

  count(): number {
    this.rows ??= Number(this.db.selectValue('SELECT count(*) FROM passages') ?? 0);
    return this.rows;
  }

  metaOf(key: string): string | null {
    const exists = this.db.selectValue("SELECT 1 FROM sqlite_master WHERE name = 'meta'");
    if (!exists) return null;
    const value = this.db.selectValue('SELECT value FROM meta WHERE key = ?', [key]);
    return typeof value === 'string' ? value : null;
  }

  setMeta(key: string, value: string): void {
    this.sql.run('INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)', [key, value]);
  }

  /**
   * Makes each conversation's passages exactly those given, in one transaction: unchanged ones stay, changed
   * ones are rewritten, gone ones are deleted. Costs the conversations' size, not the index's.
   */
  putConversations(list: readonly { key: string; passages: readonly Passage[] }[]): number {
    let written = 0;
    this.guard(() =>
      this.db.transaction(() => {
        for (const c of list) written += this.write(c.key, c.passages);
      }),
    );
    return written;
  }

  putConversation(conversationKey: string, passages: readonly Passage[]): number {
    return this.putConversations([{ key: conversationKey, passages }]);
  }

  private write(conversationKey: string, passages: readonly Passage[]): number {
    let written = 0;
    const conv = this.convFor(conversationKey);
    const stored = new Map<string, [number, number]>();
    for (const [rowid, turn, chunk, hash] of this.sql.all(
      'SELECT rowid, turn, chunk, hash FROM passages WHERE conv = ?',
      [conv],
    ))
      stored.set(passageId(String(turn), Number(chunk)), [Number(rowid), Number(hash)]);
    const keep = new Set<string>();
    for (const p of passages) {
      const id = passageId(p.turnKey, p.chunk);
      keep.add(id);
      const hash = passageHash(p);
      const old = stored.get(id);
      if (old?.[1] === hash) continue;
      if (old) this.deleteRow(old[0]);
      this.insert(conv, p, hash);
      written++;
    }
    for (const [id, [rowid]] of stored) if (!keep.has(id)) this.deleteRow(rowid);
    if (passages.length === 0) this.sql.run('DELETE FROM convs WHERE id = ?', [conv]);
    return written;
  }

  deleteConversations(keys: readonly string[]): void {
    this.guard(() =>
      this.db.transaction(() => {
        for (const key of keys) {
          const conv = this.findConv(key);
          if (conv === null) continue;
          for (const [rowid] of this.sql.all('SELECT rowid FROM passages WHERE conv = ?', [conv]))
            this.deleteRow(Number(rowid));
          this.sql.run('DELETE FROM convs WHERE id = ?', [conv]);
        }
      }),
    );
  }

  clear(): void {
    this.db.exec(
      "DELETE FROM passages; DELETE FROM fts; DELETE FROM convs; DELETE FROM meta WHERE key NOT IN ('schema', 'redacted');",
    );
    this.purge();
    this.rows = 0;
    this.held.drop();
  }

  private findConv(key: string): number | null {
    const found = this.sql.all('SELECT id FROM convs WHERE key = ?', [key])[0]?.[0];
    return found === undefined ? null : Number(found);
  }

  private convFor(key: string): number {
    const found = this.findConv(key);
    if (found !== null) return found;
    this.sql.run('INSERT INTO convs(key) VALUES (?)', [key]);
    return Number(this.db.selectValue('SELECT last_insert_rowid()'));
  }

  private insert(conv: number, p: Passage, hash: number): void {
    this.sql.run(
      'INSERT INTO passages(conv, turn, chunk, who, role, at, text, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [conv, p.turnKey, p.chunk, p.who, p.role === 'assistant' ? 1 : 0, p.at, p.text, hash],
    );
    this.sql.run('INSERT INTO fts(rowid, own, ctx) VALUES (last_insert_rowid(), ?, ?)', [
      stems(p.text),
      stems(p.context),
    ]);
    if (this.rows !== null) this.rows++;
    this.held.drop();
  }

  private deleteRow(rowid: number): void {
    this.sql.run('DELETE FROM fts WHERE rowid = ?', [rowid]);
    this.sql.run('DELETE FROM passages WHERE rowid = ?', [rowid]);
    if (this.rows !== null) this.rows--;
    this.held.drop();
  }

  /** A failed write may have been rolled back: the cached count is recounted rather than trusted. */
  private guard(write: () => void): void {
    try {
      write();
    } catch (e) {
      this.rows = null;
      throw e;
    }
  }

  /** The best passages for a query, each cut to its best excerpt; scores are positive, higher is better. */
  query(query: string, options: QueryOptions): PastHit[] {
    return this.held.answer(query, options, () => this.search(query, options));
  }

  private search(query: string, options: QueryOptions): PastHit[] {
    const { weights, prefixes } = queryTerms(terms(query), this.count(), (distinct) =>
      this.held.of(distinct),
    );
    if (weights.size + prefixes.length === 0) return [];
    const w = options.weights ?? RANK_WEIGHTS;
    const quoted = (t: string) => `"${t.replaceAll('"', '""')}"`;
    const match = [...[...weights.keys()].map(quoted), ...prefixes.map((t) => `${quoted(t)}*`)].join(' OR ');
    const skip = options.skipConversation === null ? null : this.findConv(options.skipConversation);
    // Ranked inside FTS5 and cut to the best few before any passage row is read: the open chat's own
    // passages may rank first, so the cut leaves room for all of them.
    const room =
      skip === null
        ? 0
        : Number(this.sql.all('SELECT count(*) FROM passages WHERE conv = ?', [skip])[0]?.[0] ?? 0);
    const rows = this.sql.all(
      `SELECT p.turn, p.chunk, p.who, p.role, p.at, p.text, f.s FROM
         (SELECT rowid, -bm25(fts, ?, ?) AS s FROM fts WHERE fts MATCH ? ORDER BY s DESC LIMIT ?) f
       JOIN passages p ON p.rowid = f.rowid WHERE p.conv <> ? ORDER BY f.s DESC LIMIT ?`,
      [w.own, w.context, match, options.limit + room, skip ?? -1, options.limit],
    );
    return rows.map(([turn, chunk, who, role, at, text, score]) => {
      const cut = cutExcerpt(String(text), weights);
      return {
        id: `${passageId(String(turn), Number(chunk))}#${cut.piece}`,
        turnKey: String(turn),
        who: String(who),
        role: role === 1 ? 'assistant' : 'user',
        at: String(at),
        text: cut.text,
        score: Number(score),
      };
    });
  }
}
