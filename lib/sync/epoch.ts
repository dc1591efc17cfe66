// Epochs: "Delete everything", "Remove a device" and a new passphrase each start a new one (new key, new folder) and
// leave an end notice for the old one, encrypted to the old key and authenticated by it, so other devices stop when
// they see it (LiveSync #492) and the storage provider cannot forge one. The notice can be removed from the storage,
// so a device also checks that the key file is still the one it joined with (#25): a new key without a notice stops
// it too, and it sends nothing more into an epoch that may be over. The steps are resumable: state.resetting
// survives a restart.
import type { Backend } from './backend';
import type { Ctx } from './context';
import { digestOf, epochMac, recipientOf } from './crypto';
import { openJson, sealJson } from './files';
import { EpochEnd, FORMAT, FORMAT_VERSION } from './format';
import { endFile, KEY_FILE, type Listing } from './layout';
import type { EndedWhy, Resetting, SyncState } from './port';

const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** Stops syncing here until the passphrase is entered; `wipe` empties what was synced (Delete everything). */
async function stop(ctx: Ctx, why: EndedWhy, wipe: boolean): Promise<void> {
  const stopped: SyncState = { ...ctx.state, ended: true, endedWhy: why, outgoing: null, reading: null };
  if (wipe) {
    await ctx.port.wipe({ ...stopped, cursors: {} });
    ctx.state = (await ctx.port.loadState()) ?? stopped;
  } else await ctx.port.saveState((ctx.state = stopped));
  ctx.report.stopped = why;
  ctx.report.wiped = wipe;
}

/** The end notice of `epoch` on the storage: null if none, 'forged' if none of our devices wrote it. */
export async function verifiedEnd(
  backend: Backend,
  identity: string,
  epoch: string,
): Promise<EpochEnd | 'forged' | null> {
  const bytes = await backend.get(endFile(epoch));
  if (!bytes) return null;
  const end = EpochEnd.safeParse(await openJson(identity, bytes).catch(() => null));
  if (!end.success || end.data.ended !== epoch) return 'forged';
  const { ended, next, why } = end.data;
  return end.data.mac === (await epochMac(identity, ended, next, why)) ? end.data : 'forged';
}

/** The notice for our epoch, if one of our devices wrote it; a forged one is reported and never obeyed. */
async function readEnd(ctx: Ctx, l: Listing): Promise<EpochEnd | null> {
  if (!l.ended.has(ctx.state.epoch)) return null;
  const end = await verifiedEnd(ctx.backend, ctx.state.identity, ctx.state.epoch);
  if (end !== 'forged') return end;
  const file = endFile(ctx.state.epoch);
  ctx.report.problems.push({ file, kind: 'forged-end', error: 'forged end notice' });
  return null;
}

/** Another device ended our epoch (checked before anything is pushed): stop, and wipe if it was Delete everything. */
export async function checkEnded(ctx: Ctx, l: Listing): Promise<boolean> {
  const end = await readEnd(ctx, l);
  if (!end) return false;
  const reset = end.why !== 'rotate';
  await stop(ctx, reset ? 'reset' : 'rotated', reset);
  // Anything this device wrote into the ended epoch (an upload that crossed the end) goes too.
  for (const f of await ctx.backend.list(end.ended))
    if (f.path.startsWith(`${end.ended}/log-${ctx.state.device}-`)) await ctx.backend.delete(f.path);
  return true;
}

/**
 * The key file must still be the one this device joined with or wrote (#25). Its tag in the listing (an ETag) spares
 * the download while it stays; without a tag, or when it changed, the file is fetched and its digest compared.
 * A state saved before #25 has no digest: it adopts the key file it finds (it cannot tell an older one).
 */
export async function checkKey(ctx: Ctx, l: Listing): Promise<boolean> {
  const listed = l.files.find((f) => f.path === KEY_FILE);
  if (!listed) return false;
  if (listed.tag && listed.tag === ctx.state.keyTag && ctx.state.keyFile) return false;
  const bytes = await ctx.backend.get(KEY_FILE);
  if (!bytes) return false;
  const digest = await digestOf(bytes);
  if (ctx.state.keyFile && digest !== ctx.state.keyFile) return (await stop(ctx, 'key-changed', false), true);
  await ctx.port.saveState((ctx.state = { ...ctx.state, keyFile: digest, keyTag: listed.tag ?? null }));
  return false;
}

/** The end notice for the old epoch, then the old epoch's files removed. Safe to repeat. */
async function endOld(backend: Backend, r: Resetting, next: string): Promise<void> {
  const why = r.why;
  const end: EpochEnd = {
    ...{ format: FORMAT, v: FORMAT_VERSION, kind: 'end', ended: r.oldEpoch, next },
    ...(why ? { why } : {}),
    at: new Date().toISOString(),
    mac: await epochMac(r.oldIdentity, r.oldEpoch, next, why),
  };
  await backend.put(endFile(r.oldEpoch), await sealJson(await recipientOf(r.oldIdentity), end));
  await backend.delete(`${r.oldEpoch}/`);
}

/**
 * The remote steps of an epoch's end, each safe to repeat: the notice, the new key file, the old files removed.
 * Delete everything writes the notice at once and the key file only once the person has set a new passphrase
 * (`keyFile` empty until then), so other devices empty themselves meanwhile.
 */
export async function finishReset(backend: Backend, state: SyncState): Promise<SyncState> {
  const r = state.resetting;
  if (!r) return state;
  if (!r.keyFile) {
    if (!r.remoteDone) await endOld(backend, r, r.next ?? state.epoch);
    return { ...state, resetting: { ...r, remoteDone: true } };
  }
  if (!r.remoteDone) await endOld(backend, r, state.epoch);
  const keyFile = fromB64(r.keyFile);
  await backend.put(KEY_FILE, keyFile);
  return { ...state, resetting: null, keyFile: await digestOf(keyFile), keyTag: null };
}
