// The sync engine's entry points (#15). Phase 2 calls these from the background (on changes and on an alarm) and
// from Options → Sync; everything they write goes through the SyncPort, so the store stays the only writer.
// Ending an epoch (Delete everything, Remove a device, a new passphrase) is in rotate.ts.
import { ProblemError } from '../model/problem';
import type { Backend } from './backend';
import { emptyReport, type Ctx, type Limits, type Progress, type SyncReport } from './context';
import {
  digestOf,
  newKeyPair,
  randomId,
  recipientOf,
  unwrapIdentity,
  wrapIdentity,
  type Unwrapped,
} from './crypto';
import { checkEnded, checkKey, finishReset, verifiedEnd } from './epoch';
import { FORMAT_VERSION } from './format';
import { ZERO_CLOCK } from './hlc';
import { KEY_FILE, KEYS, readListing } from './layout';
import { assertStrong } from './passphrase';
import type { SyncPort, SyncState } from './port';
import { pull } from './pull';
import { push } from './push';
import { coveredBy, maybeSnapshot, PART_BYTES, SNAPSHOT_AFTER_BYTES } from './snapshot';

export interface EngineDeps {
  backend: Backend;
  port: SyncPort;
  now?: () => number;
  onProgress?: (p: Progress) => void;
  /** What this device calls itself in its headers ("Chrome on Linux"), so the person can tell devices apart. */
  deviceName?: string;
  /** This Engram's version (#38): every file says it, and a reader holds lines only from a newer one. */
  version?: string;
  /** scrypt work factor for key files written here (crypto.ts SCRYPT_LOG_N); the unit tests lower it for speed. */
  scryptLogN?: number;
  limits?: Partial<Limits>;
}

/** Not set up here, or stopped until the person enters the passphrase (its problem says why, #37). */
export class NotConnected extends ProblemError {}

/** Opens the key file with the passphrase, or makes one when the storage holds none (the floor applies then). */
async function unlock(deps: EngineDeps, passphrase: string): Promise<Unwrapped & { keyFile: string }> {
  const bytes = await deps.backend.get(KEY_FILE);
  if (bytes) return { ...(await unwrapIdentity(bytes, passphrase)), keyFile: await digestOf(bytes) };
  assertStrong(passphrase);
  const { identity } = await newKeyPair();
  const epoch = randomId();
  const file = await wrapIdentity(identity, epoch, passphrase, deps.scryptLogN);
  await deps.backend.put(KEY_FILE, file);
  return { identity, epoch, resets: [], keyFile: await digestOf(file) };
}

/**
 * A device that comes back from an epoch that Delete everything ended empties itself first, whether or not it saw
 * the end notice (which the storage can remove): the key file it unlocks says which epochs were reset (#25).
 */
async function wipeIfReset(deps: EngineDeps, before: SyncState | null, resets: string[]): Promise<boolean> {
  if (!before) return false;
  if (before.ended && (!before.endedWhy || before.endedWhy === 'reset' || before.endedWhy === 'reset-here'))
    return true;
  if (!resets.includes(before.epoch)) return false;
  await deps.port.wipe({
    ...before,
    ended: true,
    endedWhy: 'reset',
    cursors: {},
    outgoing: null,
    reading: null,
  });
  return true;
}

/**
 * Joins the person's storage with their passphrase, or sets it up when it holds no key yet. Unlocking costs one
 * scrypt (crypto.ts: ~1 s). A device already used without sync pushes everything it has at its first sync.
 */
export async function connect(deps: EngineDeps, passphrase: string): Promise<SyncState> {
  const key = await unlock(deps, passphrase);
  if ((await verifiedEnd(deps.backend, key.identity, key.epoch)) !== null)
    throw new NotConnected({ code: 'sync-ended-elsewhere' });
  const wiped = await wipeIfReset(deps, await deps.port.loadState(), key.resets);
  const before = await deps.port.loadState();
  const state: SyncState = {
    // A new device id at every connect: a reconnected device must never reuse segment numbers that other devices'
    // cursors already passed (they would skip the new files).
    ...{ version: 1, device: randomId(), clock: before?.clock ?? ZERO_CLOCK },
    ...{ identity: key.identity, epoch: key.epoch, resets: key.resets, keyFile: key.keyFile, keyTag: null },
    // After a wipe the store's old changes are gone; otherwise everything local is new to this remote.
    localCursor: wiped ? (before?.localCursor ?? null) : null,
    replaying: !wiped,
    ...{ nextSeq: 1, outgoing: null, cursors: {}, reading: null, ended: false, resetting: null },
    // A new device id has no files yet: everything it writes is v2 (#25).
    ...{ format: FORMAT_VERSION, peers: {}, name: deps.deviceName ?? null },
  };
  await deps.port.saveState(state);
  return state;
}

async function context(deps: EngineDeps): Promise<Ctx> {
  let state = await deps.port.loadState();
  if (!state) throw new NotConnected({ code: 'sync-not-set-up' });
  const r = state.resetting;
  // An epoch's end begun here is finished first (Delete everything's notice needs no passphrase).
  if (r && !(r.keyFile === '' && r.remoteDone)) {
    state = await finishReset(deps.backend, state);
    await deps.port.saveState(state);
  }
  if (state.ended) throw new NotConnected({ code: 'sync-stopped', why: state.endedWhy ?? 'reset' });
  const limits = { partBytes: PART_BYTES, snapshotAfterBytes: SNAPSHOT_AFTER_BYTES, ...deps.limits };
  return {
    limits,
    ...{ backend: deps.backend, port: deps.port, state, recipient: await recipientOf(state.identity) },
    ...{ now: deps.now ?? Date.now, progress: deps.onProgress ?? (() => undefined), report: emptyReport() },
    ...{ version: deps.version, held: [] },
  };
}

/**
 * One sync: list two folders (two requests), stop if another device ended this epoch or the key file is not the one
 * this device knows, push local changes, pull the others', and after a push write a snapshot when the log has grown
 * (or a memory was deleted forever).
 */
export async function sync(deps: EngineDeps): Promise<SyncReport> {
  const ctx = await context(deps);
  const files = [...(await ctx.backend.list(KEYS)), ...(await ctx.backend.list(ctx.state.epoch))];
  const l = readListing(files, ctx.state.epoch);
  if (await checkEnded(ctx, l)) return ctx.report;
  if (!l.hasKeyFile) throw new NotConnected({ code: 'sync-no-key-file' });
  if (await checkKey(ctx, l)) return ctx.report;
  await push(ctx, l);
  await pull(ctx, l);
  const ownFiles = l.segments.has(ctx.state.device) || l.snapshots.some((s) => s.endsWith(ctx.state.device));
  // Files this device wrote before format v2 name nothing (#25): at its first sync with v2 it rewrites them as one
  // v2 snapshot and removes them, so no reader is asked to trust an unnamed file of a device that writes named ones.
  const rewrite = ownFiles && (ctx.state.format ?? 1) < FORMAT_VERSION;
  if (ctx.report.pushed > 0 || (ctx.report.purged && ownFiles) || rewrite) {
    await maybeSnapshot(ctx, l, await coveredBy(ctx, l), (ctx.report.purged && ownFiles) || rewrite);
  }
  if ((ctx.state.format ?? 1) < FORMAT_VERSION)
    await ctx.port.saveState((ctx.state = { ...ctx.state, format: FORMAT_VERSION }));
  return ctx.report;
}
