// Review → a sync conflict (#15): the person keeps one version or writes a merged text. Either way it is a local
// edit by the user, made after seeing every version, so its event's bases are all the leaves and the conflict
// clears on every device at their next sync (docs/sync.md).
import { ProblemError } from '../../model/problem';
import type { ResolveConflict } from '../../model/sync';
import type { Memory } from '../../model/records';
import { conflictHead, writeResolution } from '../../store/sync-conflicts';
import type { Leaf, MemoryHead } from '../../sync/format';
import { isDeleted, shownLeaf } from '../../sync/merge';
import { byUser, tokensOf } from '../shared/user-events';
import { mustGet } from '../memories/memory-edits';

/** The version the person's choice starts from: the one they kept, or for a merged text the newest kept one. */
function baseOf(req: ResolveConflict, head: MemoryHead): Leaf {
  if (req.keep !== undefined) {
    const leaf = head.leaves.find((l) => l.id === req.keep);
    if (!leaf) throw new ProblemError({ code: 'conflict-stale' });
    return leaf;
  }
  // The version the memory shows now: the newest one that was kept, if any was.
  const base = shownLeaf(head);
  if (!base) throw new ProblemError({ code: 'conflict-empty' });
  return base;
}

export async function resolveConflict(req: ResolveConflict, now = new Date()): Promise<Memory> {
  if ((req.keep === undefined) === (req.text === undefined))
    throw new ProblemError({ code: 'conflict-choose' });
  const current = await mustGet(req.id);
  const head = await conflictHead(req.id);
  if (!head) throw new ProblemError({ code: 'conflict-resolved' });
  const base = baseOf(req, head);
  const at = now.toISOString();
  if (req.text === undefined && isDeleted(base.memory)) {
    const after: Memory = { ...current, status: 'deleted', updatedAt: at };
    await writeResolution(
      after,
      byUser('delete', current, after, 'Sync conflict: kept the delete'),
      req.seen,
    );
    return after;
  }
  const from = base.memory ?? current;
  const after: Memory = {
    ...from,
    status: from.status === 'deleted' ? 'active' : from.status,
    updatedAt: at,
  };
  if (req.text !== undefined && req.text !== after.text) {
    after.text = req.text;
    after.tokenCount = await tokensOf(req.text);
  }
  const reason = req.text === undefined ? 'Sync conflict: kept one version' : 'Sync conflict: merged';
  await writeResolution(after, byUser('update', current, after, reason), req.seen);
  return after;
}
