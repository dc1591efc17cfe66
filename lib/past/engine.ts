// The past-turn index (#13): SQLite FTS5 (the official @sqlite.org/sqlite-wasm build), persisted in OPFS by
// the worker that hosts it (entrypoints/past-worker), in memory in Node (eval, unit tests). Dexie stays the
// source of truth: this is derived, stamped with a schema version, and rebuilt when that changes.
// Passages are ranked with bm25() over two columns, their own words and the words around them; both hold
// stems from lib/recall/terms.ts, so a query matches exactly what the memory index would.
import type { Database } from '@sqlite.org/sqlite-wasm';
import { terms } from '../recall/terms';
import { cutExcerpt } from './excerpt';
import { passageHash, type Passage } from './passages';

/** Bump when the schema, the passage rules or the tokenization change: the index is then rebuilt from Dexie. */
export const PAST_SCHEMA = 1;

export type SqlDb = Pick<Database, 'exec' | 'selectArrays' | 'selectValue' | 'transaction'>;

/** bm25() column weights, tuned with eval:recall (docs/past-index.md). */
export interface RankWeights {
  own: number;
  context: number;
}
export const RANK_WEIGHTS: RankWeights = { own: 3, context: 2.4 };

export interface PastHit {
  /** `${passageId}#${piece}`: which piece of which passage is shown. */
  id: string;
  turnKey: string;
  who: string;
  at: string;
  text: string;
  score: number;
}

export interface QueryOptions {
  limit: number;
  /** The chat the query comes from: its own turns are already on screen. */
  skipConversation: string | null;
  weights?: RankWeights;
}

// As in the memory index (lib/recall/index.ts): a long draft keeps its rarest terms, and in a large index a
// term in more than a twentieth of it is left out of the MATCH (its posting list is the cost).
const MAX_QUERY_TERMS = 24;
const COMMON_SHARE = 0.05;
const COMMON_MIN_DOCS = 5000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS passages(
  rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, conv TEXT NOT NULL, turn TEXT NOT NULL,
  who TEXT NOT NULL, at TEXT NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS passages_conv ON passages(conv);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(own, ctx, content='', contentless_delete=1,
  tokenize='unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS vocab USING fts5vocab(fts, 'row');`;

const stems = (text: string) => terms(text).join(' ');

export class PastEngine {
  constructor(private readonly db: SqlDb) {}

  /** Creates the schema, or drops an index of another version; true when the index is (now) empty. */
  open(): boolean {
    const version = this.metaOf('schema');
    if (version !== null && Number(version) !== PAST_SCHEMA) {
      this.db.exec('DROP TABLE IF EXISTS vocab; DROP TABLE IF EXISTS fts; DROP TABLE IF EXISTS passages;');
      this.db.exec('DROP TABLE IF EXISTS meta;');
    }
    this.db.exec(SCHEMA);
    this.setMeta('schema', String(PAST_SCHEMA));
    return this.count() === 0;
  }

  count(): number {
    return Number(this.db.selectValue('SELECT count(*) FROM passages') ?? 0);
  }

  metaOf(key: string): string | null {
    const exists = this.db.selectValue("SELECT 1 FROM sqlite_master WHERE name = 'meta'");
    if (!exists) return null;
    const value = this.db.selectValue('SELECT value FROM meta WHERE key = ?', [key]);
    return typeof value === 'string' ? value : null;
  }

  setMeta(key: string, value: string): void {
    this.db.exec('INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)', { bind: [key, value] });
  }

  /**
   * Makes one conversation's passages exactly `passages`: unchanged ones stay, changed ones are rewritten,
   * gone ones are deleted. Costs the conversation's size, not the index's.
   */
  putConversation(conversationKey: string, passages: readonly Passage[]): number {
    const stored = new Map<string, [number, string]>();
    for (const [rowid, id, hash] of this.db.selectArrays(
      'SELECT rowid, id, hash FROM passages WHERE conv = ?',
      [conversationKey],
    ))
      stored.set(String(id), [Number(rowid), String(hash)]);
    let written = 0;
    this.db.transaction(() => {
      const keep = new Set<string>();
      for (const p of passages) {
        keep.add(p.id);
        const hash = passageHash(p);
        const old = stored.get(p.id);
        if (old?.[1] === hash) continue;
        if (old) this.deleteRow(old[0]);
        this.insert(p, hash);
        written++;
      }
      for (const [id, [rowid]] of stored) if (!keep.has(id)) this.deleteRow(rowid);
    });
    return written;
  }

  deleteConversations(keys: readonly string[]): void {
    this.db.transaction(() => {
      for (const key of keys)
        for (const [rowid] of this.db.selectArrays('SELECT rowid FROM passages WHERE conv = ?', [key]))
          this.deleteRow(Number(rowid));
    });
  }

  clear(): void {
    this.db.exec("DELETE FROM passages; DELETE FROM fts; DELETE FROM meta WHERE key <> 'schema';");
  }

  private insert(p: Passage, hash: string): void {
    this.db.exec('INSERT INTO passages(id, conv, turn, who, at, text, hash) VALUES (?, ?, ?, ?, ?, ?, ?)', {
      bind: [p.id, p.conversationKey, p.turnKey, p.who, p.at, p.text, hash],
    });
    const rowid = this.db.selectValue('SELECT last_insert_rowid()');
    this.db.exec('INSERT INTO fts(rowid, own, ctx) VALUES (?, ?, ?)', {
      bind: [Number(rowid), stems(p.text), stems(p.context)],
    });
  }

  private deleteRow(rowid: number): void {
    this.db.exec('DELETE FROM fts WHERE rowid = ?; ', { bind: [rowid] });
    this.db.exec('DELETE FROM passages WHERE rowid = ?', { bind: [rowid] });
  }

  /** The query's terms worth a MATCH, with their idf (for the excerpt cut). */
  private queryTerms(query: string): Map<string, number> {
    const distinct = [...new Set(terms(query))];
    if (distinct.length === 0) return new Map();
    const n = this.count();
    const marks = distinct.map(() => '?').join(',');
    const df = new Map(
      this.db
        .selectArrays(`SELECT term, doc FROM vocab WHERE term IN (${marks})`, distinct)
        .map(([t, d]) => [String(t), Number(d)]),
    );
    const limit = n >= COMMON_MIN_DOCS ? n * COMMON_SHARE : Infinity;
    const kept = distinct
      .filter((t) => (df.get(t) ?? 0) > 0 && (df.get(t) ?? 0) <= limit)
      .sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0))
      .slice(0, MAX_QUERY_TERMS);
    const idf = (d: number) => Math.log(1 + (n - d + 0.5) / (d + 0.5));
    return new Map(kept.map((t) => [t, idf(df.get(t) ?? 0)]));
  }

  /** The best passages for a query, each cut to its best excerpt; scores are positive, higher is better. */
  query(query: string, options: QueryOptions): PastHit[] {
    const weights = this.queryTerms(query);
    if (weights.size === 0) return [];
    const w = options.weights ?? RANK_WEIGHTS;
    const match = [...weights.keys()].map((t) => `"${t.replaceAll('"', '""')}"`).join(' OR ');
    const rows = this.db.selectArrays(
      `SELECT p.id, p.turn, p.who, p.at, p.text, -bm25(fts, ?, ?) AS s FROM fts JOIN passages p ON p.rowid = fts.rowid
       WHERE fts MATCH ? AND p.conv <> ? ORDER BY s DESC LIMIT ?`,
      [w.own, w.context, match, options.skipConversation ?? '', options.limit],
    );
    return rows.map(([id, turn, who, at, text, score]) => {
      const cut = cutExcerpt(String(text), weights);
      const line = {
        id: `${String(id)}#${cut.piece}`,
        turnKey: String(turn),
        who: String(who),
        at: String(at),
      };
      return { ...line, text: cut.text, score: Number(score) };
    });
  }
}
