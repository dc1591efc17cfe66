// Where the recall index runs (#13, #28): SQLite FTS5 in OPFS needs a dedicated worker (an MV3 service worker has
// no synchronous OPFS), started by the offscreen document on Chrome and by the background page on Firefox. Past
// chats' passages and memories live in that one database; ./past-index.ts and ./memory-index.ts send it their ops.
import type { PastCall } from '../../past/worker-client';
import { askOffscreen } from '../shared/offscreen-host';

/** The running extension's host, made once by the recall area (unit tests pass an in-memory one instead). */
export function defaultIndexHost(): PastCall {
  if (!import.meta.env.FIREFOX) return (next) => askOffscreen('pastIndex', next);
  // Firefox has no offscreen API; its background page can start the worker itself. Imported only in the Firefox
  // build, so a Chrome build ships one copy of SQLite (bundle-size.e2e).
  const worker = import('../../past/worker-client').then((m) => m.startPastWorker());
  return async (next) => (await worker)(next);
}
