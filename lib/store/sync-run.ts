// The background's record of sync runs (#15), and the settings it syncs with. The settings hold the storage
// credentials, so they live in engram-secrets with the API keys (#11), never in the main database or
// chrome.storage. The passphrase is not kept (#25): every new key takes a new one the person sets, so no device
// holds one that opens a key written after it.
import type { Said } from '../model/problem';
import type { StoredSync, SyncProblem } from '../model/sync';
import { db } from './db';
import { trustedItem } from './secrets';
import { forgetState } from './sync-state';

export const syncSettings = trustedItem<StoredSync | null>('syncSettings', null);

export interface SyncRun {
  lastSync: string | null;
  /** Why the last run failed: a code since #37, or the storage's words (an English line before). */
  lastError: Said | null;
  /** What went wrong with remote files at the last sync (lib/sync/problems.ts, #25): codes since #37. */
  problems: SyncProblem[];
}

export async function readRun(): Promise<SyncRun> {
  const row = await db().syncState.get('run');
  const run = row?.value as Partial<SyncRun> | undefined;
  return {
    lastSync: run?.lastSync ?? null,
    lastError: run?.lastError ?? null,
    problems: run?.problems ?? [],
  };
}

export async function writeRun(run: SyncRun): Promise<void> {
  await db().syncState.put({ key: 'run', value: run });
}

/** Delete everything ran here since the last sync: the remote owes a reset. */
export async function resetDue(): Promise<boolean> {
  return (await db().syncState.get('reset')) !== undefined;
}

/** Local changes not yet pushed (rows the engine has passed are dropped). */
export async function unpushed(): Promise<number> {
  return db().outbox.count();
}

/** Disconnect this device: its settings, state and key go; the remote is not touched. */
export async function forgetSync(): Promise<void> {
  await syncSettings.setValue(null);
  await forgetState(db());
}
