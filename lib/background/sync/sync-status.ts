// What Options → Sync shows of the engine's state (#25): why sync stopped here (a code the page words, #37), and the
// devices that have written to the storage, each with its last write, so the person can pick the one to remove.
import type { SyncPeer, SyncStatus } from '../../model/sync';
import type { SyncState } from '../../sync/port';

export function stoppedOf(state: SyncState | null): Pick<SyncStatus, 'stopped'> {
  return { stopped: state?.ended ? (state.endedWhy ?? 'reset') : null };
}

/** This device first, then the others by their last write, newest first. */
export function peersOf(state: SyncState | null): SyncPeer[] {
  if (!state || state.ended) return [];
  const ids = new Set([...Object.keys(state.cursors), ...Object.keys(state.peers ?? {})]);
  ids.delete(state.device);
  const others = [...ids].map((id): SyncPeer => {
    const p = state.peers?.[id];
    return { id, name: p?.name ?? null, at: p?.at ?? null, self: false };
  });
  others.sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
  return [{ id: state.device, name: state.name ?? null, at: null, self: true }, ...others];
}
