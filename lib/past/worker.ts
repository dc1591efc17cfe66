// The past index's worker (#13): sqlite-wasm with the opfs-sahpool VFS, which needs a dedicated worker's
// synchronous OPFS access handles (an MV3 service worker has none). Started by the offscreen document on
// Chrome and by the background page on Firefox; falls back to an in-memory database (rebuilt from Dexie at each
// start) where OPFS is refused. Every message is validated here as at any other boundary.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { z } from 'zod/mini';
import { PastOp, type PastReply } from '../model/past';
import { PastEngine, type SqlDb } from './engine';
import { MemoryTable } from './memory-table';
import { runOp, type Disk, type Indexes } from './ops';

const FILE = '/engram-past.sqlite3';
const Envelope = z.object({ id: z.number(), op: PastOp });

async function start(): Promise<{ indexes: Indexes; disk: Disk }> {
  const sqlite3 = await sqlite3InitModule();
  let db: SqlDb;
  let persistent = true;
  try {
    const pool = await sqlite3.installOpfsSAHPoolVfs({ directory: '/engram-past' });
    db = new pool.OpfsSAHPoolDb(FILE);
  } catch (e) {
    console.warn('Engram: past index in memory (no OPFS here)', e);
    db = new sqlite3.oo1.DB(':memory:');
    persistent = false;
  }
  // A derived index (rebuilt from Dexie when unreadable) needs no sync per commit; a larger page cache keeps
  // FTS5's segment merges in memory while an import is indexed (bench:past, docs/past-index.md).
  db.exec('PRAGMA synchronous = NORMAL; PRAGMA cache_size = -16384;');
  // Both indexes in one database (#28): past chats' passages and memories, one analyzer, one file.
  const indexes = { past: new PastEngine(db), memories: new MemoryTable(db) };
  const open = () => (indexes.past.open(), indexes.memories.open());
  try {
    open();
  } catch (e) {
    // A corrupt file: start it over; the background rebuilds both from Dexie.
    console.warn('Engram: recall index unreadable, rebuilding', e);
    db.exec('PRAGMA writable_schema = 1; DELETE FROM sqlite_master; PRAGMA writable_schema = 0; VACUUM;');
    open();
  }
  const size = () =>
    Number(db.selectValue('SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()') ?? 0);
  return { indexes, disk: { persistent, bytes: async () => (persistent ? size() : 0) } };
}

const ready = start();
let queue: Promise<unknown> = Promise.resolve();

self.onmessage = (event: MessageEvent<unknown>) => {
  const parsed = Envelope.safeParse(event.data);
  if (!parsed.success) return;
  const { id, op } = parsed.data;
  // One op at a time, in the order sent: a put must land before the query that follows it.
  queue = queue.then(async () => {
    try {
      const { indexes, disk } = await ready;
      const reply: PastReply = await runOp(indexes, op, disk);
      self.postMessage({ id, reply });
    } catch (e) {
      self.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
    }
  });
};
