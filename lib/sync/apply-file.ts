// One remote file's lines merged into the store, with the state that records having read it, in one transaction.
import { keysOf, newestClock, planApply, type RemoteLine } from './apply';
import type { Ctx } from './context';
import { receive } from './hlc';
import type { Listing } from './layout';
import { LocalMoved, type HeldWrite } from './port';
import { push } from './push';

/**
 * Merges one file's lines and saves them with `next` state, and the lines held for a newer reader with them;
 * pushes first if a local change got in between.
 */
export async function applyLines(
  ctx: Ctx,
  l: Listing,
  lines: RemoteLine[],
  next: (s: Ctx['state']) => Ctx['state'],
  held: HeldWrite = { put: [], drop: [] },
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const keys = keysOf(lines);
    const heads = await ctx.port.heads(keys.memoryIds, keys.convKeys);
    const apply = planApply(heads, lines);
    const newest = newestClock(lines);
    const clock = newest ? receive(ctx.state.clock, newest, ctx.now()) : ctx.state.clock;
    const state = next({ ...ctx.state, clock });
    try {
      await ctx.port.applyRemote(apply, state, held);
    } catch (e) {
      if (!(e instanceof LocalMoved) || attempt >= 2) throw e;
      await push(ctx, l);
      continue;
    }
    ctx.state = state;
    const put = new Set(held.put.map((h) => h.key));
    const drop = new Set(held.drop);
    ctx.held = [...ctx.held.filter((h) => !put.has(h.key) && !drop.has(h.key)), ...held.put];
    ctx.report.pulled += lines.length;
    ctx.report.conflicts += apply.memories.filter((m) => m.conflict).length;
    if (apply.memories.some((m) => m.purge)) ctx.report.purged = true;
    return;
  }
}
