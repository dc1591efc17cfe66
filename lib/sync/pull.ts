// Pull: newest snapshot when needed (first sync, or segments already compacted away), then every other device's
// segments after its cursor, in order. Each file is applied with its cursor in one store transaction, so a restart
// resumes where it stopped. A file that cannot be read, or is not the file its name says (#25), stops that device
// only: nothing of it is applied, its cursor stays, and it is looked for again at the next sync.
import { newestClock } from './apply';
import { applyLines } from './apply-file';
import { checkEvents, checkHeader, checkHeldEvents } from './bind';
import type { Ctx } from './context';
import { openLines } from './files';
import type { FileHeader, SyncEvent } from './format';
import { checkRoom } from './held';
import { decodeHlc } from './hlc';
import { segmentPath, type Listing, type Segment } from './layout';
import type { Peer } from './port';
import { Missing, noteProblem } from './problems';
import { needsSnapshot, readSnapshot, writesV2 } from './pull-snapshot';
import { offerAgain, sortSegment } from './read-lines';

/** Segment `seq` of `dev`, checked to be that file, made by that device; lines from a newer Engram held (#38). */
async function fetchSegment(ctx: Ctx, dev: string, seq: number) {
  const path = segmentPath(ctx.state.epoch, dev, seq);
  const bytes = await ctx.backend.get(path);
  if (!bytes) throw new Missing('gone while reading');
  const { header, lines } = await openLines(ctx.state.identity, bytes);
  checkHeader(header, { kind: 'log', epoch: ctx.state.epoch, dev, seq }, writesV2(ctx.state, dev));
  const { lines: events, held } = sortSegment(lines, path, dev, header.by, ctx.version);
  checkEvents(events, dev);
  checkHeldEvents(held, dev);
  checkRoom(ctx.held, held);
  return { header, events, held };
}

/** What this device knows of `dev` after reading one of its segments: format, last write, name. */
function peerAfter(was: Peer | undefined, header: FileHeader, events: SyncEvent[]): Peer {
  const newest = newestClock(events);
  const wrote = newest ? new Date(decodeHlc(newest).wall).toISOString() : null;
  return {
    v: Math.max(header.v, was?.v ?? 1),
    at: header.at ?? wrote ?? was?.at ?? null,
    name: header.name ?? was?.name ?? null,
  };
}

async function readDevice(ctx: Ctx, l: Listing, dev: string, segs: Segment[]) {
  for (const seg of segs) {
    const cursor = ctx.state.cursors[dev] ?? 0;
    if (seg.seq <= cursor) continue;
    // A gap in the numbers: the file after the cursor was removed or withheld. Nothing after it is applied.
    const next = segmentPath(ctx.state.epoch, dev, cursor + 1);
    if (seg.seq !== cursor + 1)
      return noteProblem(ctx, next, new Missing(`segment ${cursor + 1} is missing`));
    let file: Awaited<ReturnType<typeof fetchSegment>>;
    try {
      file = await fetchSegment(ctx, dev, seg.seq);
    } catch (e) {
      return noteProblem(ctx, next, e);
    }
    const peer = peerAfter(ctx.state.peers?.[dev], file.header, file.events);
    // Applying is not reading: a store that fails here stops the sync, which resumes at this segment.
    const read = (s: Ctx['state']) => ({
      ...s,
      cursors: { ...s.cursors, [dev]: seg.seq },
      peers: { ...s.peers, [dev]: peer },
    });
    await applyLines(ctx, l, file.events, read, { put: file.held, drop: [] });
  }
}

/** Lines held for a newer Engram (#38) are offered again: after an update, this reader may know them. */
async function offerHeld(ctx: Ctx, l: Listing): Promise<void> {
  ctx.held = await ctx.port.heldLines();
  if (ctx.held.length === 0) return;
  const offered = offerAgain(ctx.held, ctx.version);
  if (offered.release.length === 0) return;
  for (const h of offered.broken)
    noteProblem(ctx, h.key, new Error('a held line no Engram reads'), 'unreadable');
  await applyLines(ctx, l, offered.lines, (s) => s, { put: [], drop: offered.release });
}

export async function pull(ctx: Ctx, l: Listing): Promise<void> {
  await offerHeld(ctx, l);
  // A snapshot that could not be read leaves the segments for the next sync: read alone, they would only show gaps.
  if (needsSnapshot(ctx, l) && !(await readSnapshot(ctx, l))) return;
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
