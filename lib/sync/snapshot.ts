// Snapshots: the merged state in parts of a few MB, so a new device reads a handful of files instead of one per
// change (Joplin #379, #4910). Written after a push, when the log not yet covered by a snapshot has grown; then this
// device deletes its own segments and snapshots that the new one covers (nobody else's: no compare-and-swap).
import type { Ctx } from './context';
import { openJson, sealJson, sealLines } from './files';
import { FORMAT, FORMAT_VERSION, SnapManifest, type HeldLine, type SnapLine } from './format';
import { passOn } from './held';
import { deviceOfSnap, manifestPath, partPath, segmentPath, snapFiles, snapId, type Listing } from './layout';

/** Uncompressed JSON per part: ~6 MB of text gzips to ~1.5–2 MB remotely ("a few MB", #15). */
export const PART_BYTES = 6_000_000;
/** Log bytes (remote, compressed) not yet covered by a snapshot before this device writes one. */
export const SNAPSHOT_AFTER_BYTES = 2_000_000;

/** Remote log bytes newer than the newest snapshot's cursors. */
export function uncoveredBytes(l: Listing, covered: Record<string, number>): number {
  let n = 0;
  for (const [dev, segs] of l.segments) for (const s of segs) if (s.seq > (covered[dev] ?? 0)) n += s.size;
  return n;
}

/** What every file this device writes says of who wrote it (#38). */
export const byOf = (ctx: Ctx) => (ctx.version ? { by: ctx.version } : {});

async function* heldParts(ctx: Ctx): AsyncIterable<HeldLine[]> {
  const held = await ctx.port.heldLines();
  if (held.length > 0) yield held.map(passOn);
}

/** Parts from `first` on, of these lines; the number of the next part. */
async function writeParts(
  ctx: Ctx,
  snap: string,
  first: number,
  from: AsyncIterable<(SnapLine | HeldLine)[]>,
): Promise<number> {
  let part = first;
  let lines: (SnapLine | HeldLine)[] = [];
  let size = 0;
  const flush = async () => {
    const head = { kind: 'snap', epoch: ctx.state.epoch, snap, part, ...byOf(ctx) } as const;
    await ctx.backend.put(partPath(ctx.state.epoch, snap, part), await sealLines(ctx.recipient, head, lines));
    ctx.progress({ phase: 'write-snapshot', done: ++part, total: 0 });
    lines = [];
    size = 0;
  };
  for await (const chunk of from) {
    for (const line of chunk) {
      lines.push(line);
      size += JSON.stringify(line).length;
      if (size >= ctx.limits.partBytes) await flush();
    }
  }
  if (lines.length > 0 || part === 0) await flush();
  return part;
}

/** Writes a snapshot of everything this device has (all of it pushed), then compacts its own files. */
export async function writeSnapshot(ctx: Ctx, l: Listing): Promise<void> {
  const snap = snapId(ctx.now(), ctx.state.device);
  const cursors = { ...ctx.state.cursors, [ctx.state.device]: ctx.state.nextSeq - 1 };
  const parts = await writeParts(ctx, snap, 0, ctx.port.exportState(500));
  // Lines held for a newer reader go on after the merged state, in parts of their own that the manifest counts
  // apart (#38): a reader from before #38 reads `parts` and never meets a line kind it would refuse the part for.
  const held = (await writeParts(ctx, snap, parts, heldParts(ctx))) - parts;
  const manifest: SnapManifest = {
    ...{ format: FORMAT, v: FORMAT_VERSION, kind: 'manifest', epoch: ctx.state.epoch, snap, parts, cursors },
    createdAt: new Date(ctx.now()).toISOString(),
    ...byOf(ctx),
    ...(held > 0 ? { held } : {}),
  };
  await ctx.backend.put(manifestPath(ctx.state.epoch, snap), await sealJson(ctx.recipient, manifest));
  ctx.report.snapshotWritten = true;
  const mine = l.segments.get(ctx.state.device) ?? [];
  for (const s of mine)
    if (s.seq <= ctx.state.nextSeq - 1)
      await ctx.backend.delete(segmentPath(ctx.state.epoch, ctx.state.device, s.seq));
  for (const old of [...l.snapshots, ...l.unfinished]) {
    if (old === snap || deviceOfSnap(old) !== ctx.state.device) continue;
    for (const f of snapFiles(l, old)) await ctx.backend.delete(f.path);
  }
}

export async function maybeSnapshot(ctx: Ctx, l: Listing, covered: Record<string, number>, force: boolean) {
  if (force || uncoveredBytes(l, covered) >= ctx.limits.snapshotAfterBytes) await writeSnapshot(ctx, l);
}

/** What the newest snapshot covers, from its manifest (one GET), or nothing. */
export async function coveredBy(ctx: Ctx, l: Listing): Promise<Record<string, number>> {
  const newest = l.snapshots.at(-1);
  if (!newest) return {};
  const bytes = await ctx.backend.get(manifestPath(ctx.state.epoch, newest));
  if (!bytes) return {};
  const m = SnapManifest.safeParse(await openJson(ctx.state.identity, bytes));
  return m.success ? m.data.cursors : {};
}
