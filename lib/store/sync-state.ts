// Where a device's sync state lives (#15). The engine's state is saved in the main database, in the same
// transaction as the records it describes; its secrets (the age identity of this epoch, and of the old epoch while
// "Delete everything" finishes) live in `engram-secrets` with the API keys (#11), where no page can open them.
// Identities are kept per epoch and written before the state that names them, so a crash between the two writes
// leaves the old state whole.
import { ProblemError } from '../model/problem';
import type { SyncState } from '../sync/port';
import type { EngramDB } from './db';
import { trustedItem } from './secrets';

const identities = trustedItem<Record<string, string>>('syncIdentities', {});

export type StoredState = Omit<SyncState, 'identity' | 'resetting'> & {
  identity: '';
  resetting: (Omit<NonNullable<SyncState['resetting']>, 'oldIdentity'> & { oldIdentity: '' }) | null;
};

/** Writes the identities `state` names; drops those of epochs it no longer needs. Before the main write. */
export async function keepIdentities(state: SyncState): Promise<void> {
  const stored = await identities.getValue();
  const wanted: Record<string, string> = { [state.epoch]: state.identity };
  if (state.resetting) wanted[state.resetting.oldEpoch] = state.resetting.oldIdentity;
  const same = Object.keys(wanted).length === Object.keys(stored).length;
  if (same && Object.entries(wanted).every(([e, id]) => stored[e] === id)) return;
  // Added first, pruned after the main write (pruneIdentities): either write may be the last one that lands.
  await identities.setValue({ ...stored, ...wanted });
}

export async function pruneIdentities(state: SyncState | null): Promise<void> {
  const stored = await identities.getValue();
  const keep = new Set(state ? [state.epoch, state.resetting?.oldEpoch] : []);
  const next = Object.fromEntries(Object.entries(stored).filter(([e]) => keep.has(e)));
  if (Object.keys(next).length !== Object.keys(stored).length) await identities.setValue(next);
}

export function stripSecrets(state: SyncState): StoredState {
  const resetting = state.resetting ? { ...state.resetting, oldIdentity: '' as const } : null;
  return { ...state, identity: '', resetting };
}

/** Inside a transaction that includes `syncState`. */
export async function putState(d: EngramDB, state: SyncState): Promise<void> {
  await d.syncState.put({ key: 'state', value: stripSecrets(state) });
}

export const seqOf = (cursor: string | null) => (cursor === null ? 0 : Number(cursor));

/** Inside a transaction with `syncState` and `outbox`: the state, and outbox rows it has passed dropped. */
export async function commitState(d: EngramDB, state: SyncState): Promise<void> {
  await putState(d, state);
  await d.outbox.where('seq').belowOrEqual(seqOf(state.localCursor)).delete();
}

/** This device's sync id, without its secrets (null before the first connect). */
export async function readDeviceId(d: EngramDB): Promise<string | null> {
  const row = await d.syncState.get('state');
  return row ? (row.value as StoredState).device : null;
}

export async function readState(d: EngramDB): Promise<SyncState | null> {
  const row = await d.syncState.get('state');
  if (!row) return null;
  const stored = row.value as StoredState;
  const ids = await identities.getValue();
  const identity = ids[stored.epoch];
  if (!identity) throw new ProblemError({ code: 'sync-key-lost' });
  const r = stored.resetting;
  const resetting = r ? { ...r, oldIdentity: ids[r.oldEpoch] ?? '' } : null;
  return { ...stored, identity, resetting };
}

/** Disconnect this device: the state and its secrets go; nothing remote is touched (#15). */
export async function forgetState(d: EngramDB): Promise<void> {
  await d.transaction('rw', d.syncState, async () => {
    await d.syncState.clear();
  });
  await identities.setValue({});
}
