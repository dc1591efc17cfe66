// The sync engine's entry points (#15). Phase 2 calls these from the background (on changes and on an alarm) and
// from Options → Sync; everything they write goes through the SyncPort, so the store stays the only writer.
import type { Backend } from './backend';
import { emptyReport, type Ctx, type Limits, type Progress, type SyncReport } from './context';
import { newKeyPair, randomId, recipientOf, unwrapIdentity, wrapIdentity } from './crypto';
import { beginReset, checkEnded, finishReset } from './epoch';
import { FORMAT_VERSION } from './format';
import { ZERO_CLOCK } from './hlc';
import { KEY_FILE, KEYS, readListing } from './layout';
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
  /** scrypt work factor for key files written here (crypto.ts SCRYPT_LOG_N); the unit tests lower it for speed. */
  scryptLogN?: number;
  limits?: Partial<Limits>;
}

/** Not set up here, or another device ran "Delete everything": the person must enter the passphrase. */
export class NotConnected extends Error {}

/**
 * Joins the person's storage with their passphrase, or sets it up when it holds no key yet. Unlocking costs one
 * scrypt (crypto.ts: ~1 s). A device already used without sync pushes everything it has at its first sync.
 */
export async function connect(deps: EngineDeps, passphrase: string): Promise<SyncState> {
  const before = await deps.port.loadState();
  const bytes = await deps.backend.get(KEY_FILE);
  let unlocked: { identity: string; epoch: string };
  if (bytes) unlocked = await unwrapIdentity(bytes, passphrase);
  else {
    unlocked = { identity: (await newKeyPair()).identity, epoch: randomId() };
    await deps.backend.put(
      KEY_FILE,
      await wrapIdentity(unlocked.identity, unlocked.epoch, passphrase, deps.scryptLogN),
    );
  }
  const state: SyncState = {
    // A new device id at every connect: a reconnected device must never reuse segment numbers that other devices'
    // cursors already passed (they would skip the new files).
    ...{ version: 1, device: randomId(), ...unlocked, clock: before?.clock ?? ZERO_CLOCK },
    // After a wipe the store's old changes are gone; otherwise everything local is new to this remote.
    localCursor: before?.ended ? before.localCursor : null,
    replaying: !before?.ended,
    ...{ nextSeq: 1, outgoing: null, cursors: {}, reading: null, ended: false, resetting: null },
    // A new device id has no files yet: everything it writes is v2 (#25).
    ...{ format: FORMAT_VERSION, peers: {}, name: deps.deviceName ?? null },
  };
  await deps.port.saveState(state);
  return state;
}

async function context(deps: EngineDeps): Promise<Ctx> {
  const state = await deps.port.loadState();
  if (!state) throw new NotConnected('Sync is not set up on this device');
  if (state.ended)
    throw new NotConnected('"Delete everything" ran on another device: enter the passphrase again');
  const limits = { partBytes: PART_BYTES, snapshotAfterBytes: SNAPSHOT_AFTER_BYTES, ...deps.limits };
  const ctx: Ctx = {
    limits,
    ...{ backend: deps.backend, port: deps.port, state, recipient: await recipientOf(state.identity) },
    ...{ now: deps.now ?? Date.now, progress: deps.onProgress ?? (() => undefined), report: emptyReport() },
  };
  if (state.resetting) {
    ctx.state = await finishReset(deps.backend, state);
    await deps.port.saveState(ctx.state);
  }
  return ctx;
}

/**
 * One sync: list two folders (two requests), stop if another device ended this epoch, push local changes, pull the others',
 * and after a push write a snapshot when the log has grown (or a memory was deleted forever).
 */
export async function sync(deps: EngineDeps): Promise<SyncReport> {
  const ctx = await context(deps);
  const files = [...(await ctx.backend.list(KEYS)), ...(await ctx.backend.list(ctx.state.epoch))];
  const l = readListing(files, ctx.state.epoch);
  if (await checkEnded(ctx, l)) return ctx.report;
  if (!l.hasKeyFile) throw new NotConnected('The sync folder has no key file: it was emptied or moved');
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

/**
 * "Delete everything" (after the store has emptied itself): a new key and epoch, a notice that ends the old one
 * for the other devices, and the old files removed. Resumes at the next sync if the network fails half way.
 */
export async function resetRemote(deps: EngineDeps, passphrase: string): Promise<void> {
  const state = await deps.port.loadState();
  if (!state) throw new NotConnected('Sync is not set up on this device');
  const next = await beginReset(state, passphrase, deps.scryptLogN);
  await deps.port.wipe(next);
  // The wipe moved the local cursor past every old change: none of them may reach the new epoch.
  const wiped = (await deps.port.loadState()) ?? next;
  await deps.port.saveState(await finishReset(deps.backend, wiped));
}
