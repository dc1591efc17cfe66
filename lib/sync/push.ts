// Push: local changes -> events -> one encrypted log segment. The events are committed locally (with the heads and
// the advanced cursor) before the upload, so a cut-short upload is re-sent with exactly the same events.
import type { Ctx } from './context';
import { sealLines } from './files';
import { segmentPath, type Listing } from './layout';
import { changeKeys, makeOutbox } from './outbox';
import { byOf } from './snapshot';

/** Local changes per segment: one edit is one small file; an initial upload is a handful of large ones. */
export const CHANGES_PER_SEGMENT = 250;

async function upload(ctx: Ctx, l: Listing): Promise<void> {
  const out = ctx.state.outgoing;
  if (!out) return;
  const { epoch, device: dev, name } = ctx.state;
  const at = new Date(ctx.now()).toISOString();
  const head = {
    kind: 'log',
    epoch,
    dev,
    seq: out.seq,
    at,
    ...(name ? { name } : {}),
    ...byOf(ctx),
  } as const;
  const bytes = await sealLines(ctx.recipient, head, out.events);
  await ctx.backend.put(segmentPath(ctx.state.epoch, ctx.state.device, out.seq), bytes);
  const mine = (l.segments.get(ctx.state.device) ?? []).filter((s) => s.seq !== out.seq);
  l.segments.set(ctx.state.device, [...mine, { seq: out.seq, size: bytes.length }]);
  if (out.events.some((e) => e.t === 'purge')) ctx.report.purged = true;
  ctx.state = { ...ctx.state, outgoing: null, nextSeq: out.seq + 1 };
  await ctx.port.saveState(ctx.state);
  ctx.report.pushed += out.events.length;
}

/** Sends every local change, adding the segments it wrote to the listing. */
export async function push(ctx: Ctx, l: Listing): Promise<void> {
  await upload(ctx, l);
  for (;;) {
    const { changes, cursor } = await ctx.port.localChanges(ctx.state.localCursor, CHANGES_PER_SEGMENT);
    if (changes.length === 0) {
      if (ctx.state.replaying) await ctx.port.saveState((ctx.state = { ...ctx.state, replaying: false }));
      return;
    }
    const keys = changeKeys(changes);
    const heads = await ctx.port.heads(keys.memoryIds, keys.convKeys);
    const replay = ctx.state.replaying === true;
    const out = makeOutbox(changes, heads, ctx.state.device, ctx.state.clock, ctx.now(), replay);
    ctx.state = {
      ...ctx.state,
      clock: out.clock,
      localCursor: cursor,
      outgoing: { seq: ctx.state.nextSeq, events: out.events },
    };
    await ctx.port.applyRemote(out.apply, ctx.state);
    ctx.progress({ phase: 'push', done: ctx.report.pushed + out.events.length, total: 0 });
    await upload(ctx, l);
  }
}
