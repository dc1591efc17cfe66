// A new key under a new passphrase (#25, item 7). "Delete everything" used to wrap the new key with the stored old
// passphrase, so a lost or stolen device that still held it read everything written after. Now every end of an epoch
// takes a passphrase the person sets: Delete everything (its notice goes out at once, the new key once the person has
// chosen the passphrase), "Remove a device" and a plain change of passphrase (both keep the data: this device sends
// everything it holds into the new epoch). A device that knows only the old passphrase and key can read nothing
// written after, and cannot write anything the others read: they read only the new epoch, whose key it never had.
import { newKeyPair, randomId, unwrapIdentity, WrongPassphrase, wrapIdentity } from './crypto';
import { NotConnected, type EngineDeps } from './engine';
import { finishReset } from './epoch';
import { FORMAT_VERSION } from './format';
import { KEY_FILE } from './layout';
import { assertStrong, WeakPassphrase } from './passphrase';
import type { Resetting, SyncState } from './port';

const toB64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));

async function loaded(deps: EngineDeps): Promise<SyncState> {
  const state = await deps.port.loadState();
  if (!state) throw new NotConnected({ code: 'sync-not-set-up' });
  if (!state.resetting?.keyFile) return state;
  // A key change begun before (and cut short) is finished first: its notice names the epoch it made.
  const done = await finishReset(deps.backend, state);
  await deps.port.saveState(done);
  return done;
}

/**
 * "Delete everything", after the store emptied itself: the synced state is wiped here, the old epoch gets its end
 * notice (other devices empty themselves at their next sync) and its files are removed. No passphrase is needed;
 * this device then waits for the new one (rotate). Resumes at the next sync if the network fails half way.
 */
export async function endHere(deps: EngineDeps): Promise<void> {
  let state = await loaded(deps);
  if (state.ended && state.endedWhy !== 'reset-here') {
    // Already ended by another device: nothing remote to end; the wipe clears "reset due".
    return deps.port.wipe(state);
  }
  if (!state.resetting) {
    const resetting: Resetting = {
      ...{ oldEpoch: state.epoch, oldIdentity: state.identity, keyFile: '', why: 'reset', next: randomId() },
    };
    const stopped = { ...state, ended: true, endedWhy: 'reset-here' as const, resetting, cursors: {} };
    await deps.port.wipe({ ...stopped, outgoing: null, reading: null });
    state = (await deps.port.loadState()) ?? stopped;
  }
  await deps.port.saveState(await finishReset(deps.backend, state));
}

/** The passphrase that opens the key file now is no new one: a device that knows it would read everything next. */
async function assertNew(deps: EngineDeps, passphrase: string): Promise<void> {
  const bytes = await deps.backend.get(KEY_FILE);
  if (!bytes) return;
  const same = await unwrapIdentity(bytes, passphrase).then(
    () => true,
    (e: unknown) => (e instanceof WrongPassphrase ? false : Promise.reject(e)),
  );
  if (same) throw new WeakPassphrase({ code: 'same-passphrase' });
}

/**
 * A new key and epoch under a new passphrase. After Delete everything here it completes the reset; otherwise it is
 * "Remove a device" or a new passphrase: the old epoch ends with a notice that keeps other devices' data, and this
 * device sends all it holds again (the caller re-lists the store's changes first, as for a connect).
 */
export async function rotate(deps: EngineDeps, passphrase: string): Promise<SyncState> {
  assertStrong(passphrase);
  const state = await loaded(deps);
  await assertNew(deps, passphrase);
  const here = state.endedWhy === 'reset-here' ? state.resetting : null;
  if (state.ended && !here) throw new NotConnected({ code: 'sync-connect-first' });
  const epoch = here?.next ?? randomId();
  const { identity } = await newKeyPair();
  const resets = here ? [...(state.resets ?? []), here.oldEpoch] : (state.resets ?? []);
  const keyFile = toB64(await wrapIdentity(identity, epoch, passphrase, deps.scryptLogN, resets));
  const resetting: Resetting = here
    ? { ...here, keyFile }
    : { oldEpoch: state.epoch, oldIdentity: state.identity, keyFile, why: 'rotate' };
  const next: SyncState = {
    ...state,
    ...{ epoch, identity, resets, device: randomId(), cursors: {}, peers: {}, nextSeq: 1, lastSnap: null },
    ...{
      outgoing: null,
      reading: null,
      ended: false,
      endedWhy: undefined,
      resetting,
      format: FORMAT_VERSION,
    },
    // Removing a device keeps the data: all of it goes into the new epoch, stamped as at a connect (outbox.ts).
    localCursor: here ? state.localCursor : null,
    replaying: !here,
  };
  await deps.port.saveState(next);
  const done = await finishReset(deps.backend, next);
  await deps.port.saveState(done);
  return done;
}

/** Delete everything with the new passphrase known at once: both steps. */
export async function resetRemote(deps: EngineDeps, passphrase: string): Promise<SyncState> {
  await endHere(deps);
  return rotate(deps, passphrase);
}
