// Reading a snapshot: its manifest, then its parts in order, each applied with the reading position, so a first sync
// stopped by a worker restart resumes at the next part. The manifest and every part must be the file their name says
// (#25): an old snapshot served under the new one's name would set cursors past changes it does not hold.
import { applyLines } from './apply-file';
import { checkHeader, checkManifest } from './bind';
import type { Ctx } from './context';
import { openJson, openLines } from './files';
import { SnapManifest } from './format';
import { checkRoom } from './held';
import { deviceOfSnap, manifestPath, partPath, type Listing } from './layout';
import type { SyncState } from './port';
import { Missing, noteProblem } from './problems';
import { sortPart } from './read-lines';

/** This device has read a v2 file from `dev` (or is `dev` and writes v2): its unnamed v1 files are refused. */
export function writesV2(state: SyncState, dev: string): boolean {
  if (dev === state.device) return (state.format ?? 1) >= 2;
  return (state.peers?.[dev]?.v ?? 1) >= 2;
}

/** The device whose segments start after our cursor needs a snapshot first (its early ones were compacted). */
export function needsSnapshot(ctx: Ctx, l: Listing): boolean {
  if (ctx.state.reading) return true;
  if (l.snapshots.length === 0) return false;
  for (const [dev, segs] of l.segments) {
    if (dev === ctx.state.device) continue;
    const first = segs[0]?.seq ?? 1;
    if (first > (ctx.state.cursors[dev] ?? 0) + 1) return true;
  }
  // A device that compacted all its segments away (after a Delete forever) leaves only its snapshot: found by the
  // phase-2 store tests (#15), where the other device saw nothing of the purge.
  const newest = l.snapshots.at(-1);
  if (newest && newest !== ctx.state.lastSnap) {
    const dev = deviceOfSnap(newest);
    // Also when nothing of that device was read yet: a device that reconnected (a new id) and deleted forever in its
    // first push compacted that push away before anyone read it (lib/store/sync-port.test.ts).
    if (dev !== ctx.state.device && !l.segments.get(dev)?.length) return true;
  }
  // A new device with nothing applied yet: one snapshot beats replaying every segment (Joplin #379).
  return Object.keys(ctx.state.cursors).length === 0;
}

async function startReading(ctx: Ctx, snap: string): Promise<boolean> {
  const path = manifestPath(ctx.state.epoch, snap);
  const bytes = await ctx.backend.get(path);
  if (!bytes) return false;
  const m = SnapManifest.safeParse(await openJson(ctx.state.identity, bytes));
  if (!m.success) throw new Error(`${path}: not a manifest`);
  checkManifest(m.data, ctx.state.epoch, snap, writesV2(ctx.state, deviceOfSnap(snap)));
  const { cursors, v, createdAt: at } = m.data;
  // The parts of merged state, then those of lines passed on for a newer reader (#38).
  const parts = m.data.parts + (m.data.held ?? 0);
  ctx.state = { ...ctx.state, reading: { snap, parts, done: 0, cursors, v, at } };
  await ctx.port.saveState(ctx.state);
  return true;
}

/** The snapshot read to its end: cursors move to what it covers, and its writer is known from its manifest. */
async function finishReading(ctx: Ctx, r: NonNullable<SyncState['reading']>): Promise<void> {
  const cursors = { ...ctx.state.cursors };
  for (const [dev, seq] of Object.entries(r.cursors))
    if (dev !== ctx.state.device) cursors[dev] = Math.max(cursors[dev] ?? 0, seq);
  const dev = deviceOfSnap(r.snap);
  const peers = { ...ctx.state.peers };
  const was = peers[dev];
  if (dev !== ctx.state.device) {
    const at = was?.at && r.at && was.at > r.at ? was.at : (r.at ?? was?.at ?? null);
    peers[dev] = { v: Math.max(r.v ?? 1, was?.v ?? 1), at, name: was?.name ?? null };
  }
  ctx.state = { ...ctx.state, cursors, peers, reading: null, lastSnap: r.snap };
  await ctx.port.saveState(ctx.state);
}

/** Part `r.done` of the snapshot being read, checked to be that part; lines from a newer Engram held (#38). */
async function fetchPart(ctx: Ctx, r: NonNullable<SyncState['reading']>) {
  const path = partPath(ctx.state.epoch, r.snap, r.done);
  const bytes = await ctx.backend.get(path);
  if (!bytes) throw new Missing(`${path} is missing`);
  const { header, lines } = await openLines(ctx.state.identity, bytes);
  const want = { kind: 'snap', epoch: ctx.state.epoch, snap: r.snap, part: r.done } as const;
  checkHeader(header, want, writesV2(ctx.state, deviceOfSnap(r.snap)));
  const sorted = sortPart(lines, path, deviceOfSnap(r.snap), header.by, ctx.version);
  checkRoom(ctx.held, sorted.held);
  return sorted;
}

const REFUSED = Symbol('refused');

/** Runs a step that reads a remote file; what is wrong with the file is noted (REFUSED), anything else thrown. */
async function fileStep<T>(ctx: Ctx, file: string, step: () => Promise<T>): Promise<T | typeof REFUSED> {
  try {
    return await step();
  } catch (e) {
    noteProblem(ctx, file, e);
    return REFUSED;
  }
}

/** Reads the snapshot begun or the newest one; false when a file of it could not be read (noted as a problem). */
export async function readSnapshot(ctx: Ctx, l: Listing): Promise<boolean> {
  const newest = l.snapshots.at(-1);
  if (!ctx.state.reading) {
    if (!newest) return true;
    const started = await fileStep(ctx, manifestPath(ctx.state.epoch, newest), () =>
      startReading(ctx, newest),
    );
    // A manifest gone since the listing (its writer compacted meanwhile) is no snapshot to read: segments go on.
    if (started === REFUSED) return false;
    if (!started) return true;
  }
  for (;;) {
    const r = ctx.state.reading;
    if (!r) return true;
    if (r.done === r.parts) return (await finishReading(ctx, r), true);
    const part = await fileStep(ctx, partPath(ctx.state.epoch, r.snap, r.done), () => fetchPart(ctx, r));
    if (part === REFUSED) return false;
    // Applying is not reading: a store that fails here stops the sync (a worker stop resumes at this part).
    const next = (s: SyncState) => ({ ...s, reading: { ...r, done: r.done + 1 } });
    await applyLines(ctx, l, part.lines, next, { put: part.held, drop: [] });
    ctx.progress({ phase: 'snapshot', done: r.done + 1, total: r.parts });
  }
}
