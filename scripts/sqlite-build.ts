// Build-time side of the past index's engine (#13) and of "no remotely hosted code" (#11). @sqlite.org/sqlite-wasm
// 3.54.1's index.mjs names two workers of its own with `new Worker(new URL(..., import.meta.url))`, and Vite
// bundles whatever such a call names, used or not:
// - sqlite3-worker1.mjs, for the `sqlite3Worker1Promiser` API (a second 650 kB copy of SQLite; Engram runs
//   SQLite in its own worker, lib/past/worker.ts, and never calls the promiser);
// - sqlite3-opfs-async-proxy.js, for the "opfs" VFS, which needs SharedArrayBuffer (a cross-origin isolated page;
//   extension pages are not), so it never installs here. Engram uses "opfs-sahpool", which needs no proxy.
// Both calls become a thrown error, so neither file ships (remote-code.e2e and bundle-size.e2e check it).
import type { Plugin } from 'vite';

const PROMISER = 'new Worker(new URL("sqlite3-worker1.mjs", import.meta.url), { type: "module" })';
const PROXY = 'new URL("sqlite3-opfs-async-proxy.js", import.meta.url)';

export function dropSqliteWorkers(code: string): string {
  for (const call of [PROMISER, PROXY])
    if (!code.includes(call))
      throw new Error(`sqlite-wasm: "${call}" not found; check scripts/sqlite-build.ts`);
  const refuse = (what: string) =>
    `(() => { throw new Error("Engram does not ship sqlite-wasm's ${what}"); })()`;
  return code
    .replace(PROMISER, refuse('worker1 promiser'))
    .replace(PROXY, refuse('OPFS async proxy (opfs VFS)'));
}

export function sqliteBuild(): Plugin {
  return {
    name: 'engram-sqlite-one-copy',
    enforce: 'pre',
    transform(code, id) {
      if (!/@sqlite\.org[\\/]sqlite-wasm[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      return { code: dropSqliteWorkers(code), map: null };
    },
  };
}
