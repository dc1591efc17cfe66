// Pull: newest snapshot when needed (first sync, or segments already compacted away), then every other device's
// segments after its cursor, in order. Each file is applied with its cursor in one store transaction, so a restart
// resumes where it stopped. A file that cannot be read stops that device only, and is retried at the next sync.
import { keysOf, newestClock, planApply, type RemoteLine } from './apply';
import type { Ctx } from './context';
import { openJson, openLines } from './files';
import { SnapLine, SnapManifest, SyncEvent } from './format';
import { receive } from './hlc';
import { deviceOfSnap, manifestPath, partPath, segmentPath, type Listing, type Segment } from './layout';
import { LocalMoved } from './port';
import { push } from './push';

function problem(ctx: Ctx, file: string, e: unknown) {
  ctx.report.problems.push({ file, error: e instanceof Error ? e.message : String(e) });
}

/** Merges one file's lines and saves them with `next` state; pushes first if a local change got in between. */
async function applyLines(
  ctx: Ctx,
  l: Listing,
  lines: RemoteLine[],
  next: (s: Ctx['state']) => Ctx['state'],
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const keys = keysOf(lines);
    const heads = await ctx.port.heads(keys.memoryIds, keys.convKeys);
    const apply = planApply(heads, lines);
    const newest = newestClock(lines);
    const clock = newest ? receive(ctx.state.clock, newest, ctx.now()) : ctx.state.clock;
    const state = next({ ...ctx.state, clock });
    try {
      await ctx.port.applyRemote(apply, state);
    } catch (e) {
      if (!(e instanceof LocalMoved) || attempt >= 2) throw e;
      await push(ctx, l);
      continue;
    }
    ctx.state = state;
    ctx.report.pulled += lines.length;
    ctx.report.conflicts += apply.memories.filter((m) => m.conflict).length;
    if (apply.memories.some((m) => m.purge)) ctx.report.purged = true;
    return;
  }
}

/** The device whose segments start after our cursor needs a snapshot first (its early ones were compacted). */
function needsSnapshot(ctx: Ctx, l: Listing): boolean {
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
  if (!m.success || m.data.epoch !== ctx.state.epoch)
    throw new Error(`${path}: not a manifest of this epoch`);
  ctx.state = { ...ctx.state, reading: { snap, parts: m.data.parts, done: 0, cursors: m.data.cursors } };
  await ctx.port.saveState(ctx.state);
  return true;
}

async function readSnapshot(ctx: Ctx, l: Listing): Promise<void> {
  const newest = l.snapshots.at(-1);
  if (!ctx.state.reading && (!newest || !(await startReading(ctx, newest)))) return;
  for (;;) {
    const r = ctx.state.reading;
    if (!r) return;
    if (r.done === r.parts) {
      const cursors = { ...ctx.state.cursors };
      for (const [dev, seq] of Object.entries(r.cursors))
        if (dev !== ctx.state.device) cursors[dev] = Math.max(cursors[dev] ?? 0, seq);
      ctx.state = { ...ctx.state, cursors, reading: null, lastSnap: r.snap };
      await ctx.port.saveState(ctx.state);
      return;
    }
    const path = partPath(ctx.state.epoch, r.snap, r.done);
    const bytes = await ctx.backend.get(path);
    if (!bytes) throw new Error(`${path} is missing`);
    const lines = (await openLines(ctx.state.identity, bytes)).lines.map((x) => SnapLine.parse(x));
    await applyLines(ctx, l, lines, (s) => ({ ...s, reading: { ...r, done: r.done + 1 } }));
    ctx.progress({ phase: 'snapshot', done: r.done + 1, total: r.parts });
  }
}

async function readDevice(ctx: Ctx, l: Listing, dev: string, segs: Segment[]) {
  for (const seg of segs) {
    const cursor = ctx.state.cursors[dev] ?? 0;
    if (seg.seq <= cursor) continue;
    const path = segmentPath(ctx.state.epoch, dev, seg.seq);
    if (seg.seq !== cursor + 1) return problem(ctx, path, new Error(`segment ${cursor + 1} is missing`));
    try {
      const bytes = await ctx.backend.get(path);
      if (!bytes) return problem(ctx, path, new Error('gone while reading'));
      const { header, lines } = await openLines(ctx.state.identity, bytes);
      if (header.epoch !== ctx.state.epoch) throw new Error('from another epoch');
      const events = lines.map((x) => SyncEvent.parse(x));
      await applyLines(ctx, l, events, (s) => ({ ...s, cursors: { ...s.cursors, [dev]: seg.seq } }));
    } catch (e) {
      if (e instanceof LocalMoved) throw e;
      return problem(ctx, path, e);
    }
  }
}

export async function pull(ctx: Ctx, l: Listing): Promise<void> {
  if (needsSnapshot(ctx, l)) await readSnapshot(ctx, l);
  const devices = [...l.segments].filter(([dev]) => dev !== ctx.state.device);
  const total = devices.reduce(
    (n, [dev, segs]) => n + segs.filter((s) => s.seq > (ctx.state.cursors[dev] ?? 0)).length,
    0,
  );
  let done = 0;
  for (const [dev, segs] of devices) {
    const before = ctx.state.cursors[dev] ?? 0;
    await readDevice(ctx, l, dev, segs);
    done += (ctx.state.cursors[dev] ?? 0) - before;
    if (total > 0) ctx.progress({ phase: 'log', done, total });
  }
}
