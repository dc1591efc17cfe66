// In-memory indexes for Node (eval:recall, bench:recall, unit tests): the same engine and memory table the
// extension's worker runs on OPFS, on the same sqlite-wasm build.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { PastEngine, type SqlDb } from './engine';
import { MemoryTable } from './memory-table';
import { runOp, type Indexes } from './ops';
import type { PastCall } from './worker-client';

type Sqlite = Awaited<ReturnType<typeof sqlite3InitModule>>;
let loading: Promise<Sqlite> | undefined;
let sqlite: Sqlite | undefined;

/** Loads sqlite-wasm once; after it, in-memory databases are made synchronously (memoryTable). */
export async function loadSqlite(): Promise<void> {
  sqlite ??= await (loading ??= sqlite3InitModule());
}

function memoryDb(): SqlDb {
  if (!sqlite) throw new Error('call loadSqlite() first');
  return new sqlite.oo1.DB(':memory:');
}

export async function memoryEngine(): Promise<PastEngine> {
  await loadSqlite();
  const engine = new PastEngine(memoryDb());
  engine.open();
  return engine;
}

/** A memory table in memory holding these memories (after loadSqlite). */
export function memoryTable(...memories: Parameters<MemoryTable['put']>[0][]): MemoryTable {
  const table = new MemoryTable(memoryDb());
  table.open();
  for (const list of memories) table.put(list);
  return table;
}

async function memoryIndexes(): Promise<Indexes> {
  await loadSqlite();
  const db = memoryDb();
  const past = new PastEngine(db);
  past.open();
  const memories = new MemoryTable(db);
  memories.open();
  return { past, memories };
}

/** The worker's protocol over in-memory indexes: the background's host in unit tests. */
export function memoryHost(): PastCall {
  let indexes: Promise<Indexes> | undefined;
  const disk = { persistent: false, bytes: async () => 0 };
  // Made on first use: a test that never reaches the index does not pay for sqlite-wasm.
  return async (op) => runOp(await (indexes ??= memoryIndexes()), op, disk);
}
