// Epochs: "Delete everything" starts a new one (new key, new folder) and leaves an end notice for the old one,
// encrypted to the old key and authenticated by it, so other devices wipe when they see it (LiveSync #492) and the
// storage provider cannot forge one to wipe them. The steps are resumable: state.resetting survives a restart.
import type { Backend } from './backend';
import type { Ctx } from './context';
import { epochMac, newKeyPair, randomId, recipientOf, wrapIdentity } from './crypto';
import { openJson, sealJson } from './files';
import { EpochEnd, FORMAT, FORMAT_VERSION } from './format';
import { endFile, KEY_FILE, type Listing } from './layout';
import type { SyncState } from './port';

const toB64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** Another device ended our epoch (checked before anything is pushed): wipe, and wait for the passphrase. */
export async function checkEnded(ctx: Ctx, l: Listing): Promise<boolean> {
  if (!l.ended.has(ctx.state.epoch)) return false;
  const bytes = await ctx.backend.get(endFile(ctx.state.epoch));
  if (!bytes) return false;
  // Not readable with our key, or not authenticated by it: not from a device of ours. Noted, never obeyed.
  const refuse = () => (
    ctx.report.problems.push({
      file: endFile(ctx.state.epoch),
      kind: 'forged-end',
      error: 'forged end notice',
    }),
    false
  );
  const end = EpochEnd.safeParse(await openJson(ctx.state.identity, bytes).catch(() => null));
  if (!end.success || end.data.ended !== ctx.state.epoch) return refuse();
  if (end.data.mac !== (await epochMac(ctx.state.identity, end.data.ended, end.data.next))) return refuse();
  const wiped: SyncState = { ...ctx.state, ended: true, cursors: {}, outgoing: null, reading: null };
  await ctx.port.wipe(wiped);
  ctx.state = (await ctx.port.loadState()) ?? wiped;
  // Anything this device wrote into the ended epoch (an upload that crossed the reset) goes too.
  for (const f of await ctx.backend.list(end.data.ended))
    if (f.path.startsWith(`${end.data.ended}/log-${ctx.state.device}-`)) await ctx.backend.delete(f.path);
  ctx.report.wiped = true;
  return true;
}

/** Begins "Delete everything" here: the new key file is made now (it needs the passphrase), the rest may resume. */
export async function beginReset(state: SyncState, passphrase: string, logN?: number): Promise<SyncState> {
  const epoch = randomId();
  const keys = await newKeyPair();
  const keyFile = toB64(await wrapIdentity(keys.identity, epoch, passphrase, logN));
  return {
    ...state,
    epoch,
    identity: keys.identity,
    cursors: {},
    nextSeq: 1,
    outgoing: null,
    reading: null,
    ended: false,
    resetting: { oldEpoch: state.epoch, oldIdentity: state.identity, keyFile },
  };
}

/** The remote steps, each safe to repeat: notice for the old epoch, new key file, old files removed. */
export async function finishReset(backend: Backend, state: SyncState): Promise<SyncState> {
  const r = state.resetting;
  if (!r) return state;
  const end: EpochEnd = {
    ...{ format: FORMAT, v: FORMAT_VERSION, kind: 'end', ended: r.oldEpoch, next: state.epoch },
    at: new Date().toISOString(),
    mac: await epochMac(r.oldIdentity, r.oldEpoch, state.epoch),
  };
  await backend.put(endFile(r.oldEpoch), await sealJson(await recipientOf(r.oldIdentity), end));
  await backend.put(KEY_FILE, fromB64(r.keyFile));
  await backend.delete(`${r.oldEpoch}/`);
  return { ...state, resetting: null };
}
