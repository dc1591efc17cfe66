// An in-memory past index for Node (eval:recall, unit tests): the same engine the extension's worker runs on
// OPFS, on the same sqlite-wasm build.
import sqlite3InitModule from '@sqlite.org/sqlite-wasm';
import { PastEngine } from './engine';
import { runOp } from './ops';
import type { PastCall } from './worker-client';

let sqlite: ReturnType<typeof sqlite3InitModule> | undefined;

export async function memoryEngine(): Promise<PastEngine> {
  sqlite ??= sqlite3InitModule();
  const engine = new PastEngine(new (await sqlite).oo1.DB(':memory:'));
  engine.open();
  return engine;
}

/** The worker's protocol over an in-memory engine: the background's host in unit tests. */
export function memoryHost(): PastCall {
  let engine: Promise<PastEngine> | undefined;
  const disk = { persistent: false, bytes: async () => 0 };
  // Made on first use: a test that never reaches the past tier does not pay for sqlite-wasm.
  return async (op) => runOp(await (engine ??= memoryEngine()), op, disk);
}
