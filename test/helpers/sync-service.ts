// The background's sync service as a test runs it (#38): started with a storage of the test's own (a Map, usually)
// at scrypt's test cost, restarted when a test swaps the storage, stopped after each test.
import type { Stop } from '../../lib/background/shared/service';
import { startSync, syncNow, syncRunning } from '../../lib/background/sync/sync-runner';
import type { SyncConnect } from '../../lib/model/sync';
import type { Backend } from '../../lib/sync/backend';

let stop: Stop | null = null;

/** (Re)starts sync with `backend` as the person's storage; `version`: the Engram this device says it runs. */
export function runSync(backend: () => Backend, version?: string): void {
  stop?.();
  // 2^10: the real factor (2^16, ~1 s per unlock) is measured in crypto.test.ts and bench:sync.
  stop = startSync({ sync: { backend, version, scryptLogN: 10 } });
}

/** Stops it, and waits for a run it started (a push after a change) to end before the test's store goes. */
export async function stopSync(): Promise<void> {
  stop?.();
  stop = null;
  while (syncRunning()) await syncNow().catch(() => undefined);
}

/** The person's connection as the sync unit tests make it: a WebDAV folder, its password, their passphrase. */
export const DAV_CONNECT: SyncConnect = {
  backend: { kind: 'webdav', url: 'https://dav.example/engram', username: 'me', password: 'dav-secret-1' },
  passphrase: 'correct horse battery staple',
};
