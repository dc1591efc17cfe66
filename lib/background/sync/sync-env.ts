// What the sync area runs with (#15, #38): the storage the settings name, the Engram version this device writes in
// every file, and scrypt's cost. The sync service (./sync-runner.ts startSync) is given them by the background's
// composition (../services.ts) and lends them to the area's handlers until it stops: a test starts it with a Map
// for the storage, the e2e with the browser's own (a real Apache).
import { browser } from 'wxt/browser';
import type { StoredSync, SyncBackendSettings } from '../../model/sync';
import { storeSyncPort } from '../../store/sync-port';
import type { Backend } from '../../sync/backend';
import { deviceName } from '../../sync/device-name';
import type { EngineDeps } from '../../sync/engine';
import { s3Backend } from '../../sync/s3';
import { WebDavBackend } from '../../sync/webdav';
import type { Stop } from '../shared/service';

export interface SyncEnv {
  /** The storage the settings name. */
  backend: (settings: SyncBackendSettings) => Backend;
  /** The Engram version this device runs: lines from a newer one are held until it updates (#38). */
  version: string | undefined;
  /** scrypt's cost; the engine's own (crypto.ts SCRYPT_LOG_N, ~1 s per unlock) unless given. */
  scryptLogN?: number;
}

function backendOf(b: SyncBackendSettings): Backend {
  if (b.kind === 's3') {
    const { endpoint, bucket, prefix, region, accessKeyId, secretAccessKey } = b;
    return s3Backend({ endpoint, bucket, prefix, region, accessKeyId, secretAccessKey });
  }
  return new WebDavBackend({ url: b.url, username: b.username || undefined, password: b.password });
}

/** The browser's: WebDAV or S3 as the settings say, and the manifest's version. */
export const browserSyncEnv = (): SyncEnv => ({
  backend: backendOf,
  version: browser.runtime.getManifest().version,
});

/** This worker's sync: what it runs with, and when a page's opening last started a pull (./pull-on-open.ts). */
export interface SyncWorker {
  env: SyncEnv;
  /** Epoch ms; 0 in a new worker, which has tried nothing yet. */
  lastTry: number;
}

let worker: SyncWorker | null = null;

/** The started service's, or (handlers run with no service started) the browser's. */
export const syncWorker = (): SyncWorker => (worker ??= { env: browserSyncEnv(), lastTry: 0 });

/** A new worker's sync, with `env` until the Stop. */
export function beginSyncWorker(env: SyncEnv): Stop {
  const mine: SyncWorker = { env, lastTry: 0 };
  worker = mine;
  return () => {
    if (worker === mine) worker = null;
  };
}

export function depsOf(settings: StoredSync): EngineDeps {
  const { env } = syncWorker();
  return {
    backend: env.backend(settings.backend),
    port: storeSyncPort(),
    deviceName: deviceName(navigator.userAgent),
    // Every file says which Engram wrote it; lines from a newer one are held until this one updates (#38).
    version: env.version,
    ...(env.scryptLogN === undefined ? {} : { scryptLogN: env.scryptLogN }),
  };
}
