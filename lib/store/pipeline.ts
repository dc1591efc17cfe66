// A job's memory writes and its completion commit together, or not at all (#4: "a failed job never corrupts
// the store"; "idempotent by job id"), and only if nothing it read was deleted or changed meanwhile (#12).
import type { Memory } from '../model/records';
import { emitStoreChange } from './changes';
import { checkCommit, checkNote, type MemoryWrite } from './commit-check';
import { db } from './db';
import type { Lease } from './generation';
import { putEvents } from './event-order';

/**
 * `committed`: the job is done and its (checked) writes landed. `requeued`: a delete happened during the run,
 * so it runs again on what is left. `cancelled`: the job was deleted (with its conversation or everything) or
 * re-leased; nothing was written.
 */
export type CommitOutcome = 'committed' | 'requeued' | 'cancelled';

export async function commitJob(
  lease: Lease,
  writes: MemoryWrite[],
  toOrder: number,
  now = new Date(),
): Promise<CommitOutcome> {
  const d = db();
  const at = now.toISOString();
  const id = lease.job.id;
  const { outcome, written } = await d.transaction(
    'rw',
    [d.memories, d.memoryEvents, d.jobs, d.meta, d.outbox],
    async () => {
      const check = await checkCommit(d, lease, writes);
      if (check.lease === 'lost') return { outcome: 'cancelled' as const, written: [] };
      if (check.lease === 'moved') {
        // The attempt is not the job's fault: give it back.
        const back = { status: 'pending' as const, attempts: Math.max(0, lease.job.attempts - 1) };
        await d.jobs.update(id, { ...back, runAfter: at, leaseUntil: null, leaseOwner: null, updatedAt: at });
        return { outcome: 'requeued' as const, written: [] };
      }
      // A rerun whose writes already landed (idempotent by job id) only finishes the job.
      const landed = (await d.memoryEvents.where('jobId').equals(id).count()) > 0;
      const kept = landed ? [] : check.writes;
      await d.memories.bulkPut(kept.map((w) => w.memory));
      await putEvents(
        d,
        kept.map((w) => w.event),
      );
      const finish = { status: 'done' as const, toOrder, leaseUntil: null, lastError: checkNote(check) };
      await d.jobs.update(id, { ...finish, updatedAt: at });
      return { outcome: 'committed' as const, written: kept.map((w) => w.memory) };
    },
  );
  if (written.length > 0) emitStoreChange({ kind: 'memories', memories: written });
  return outcome;
}

/** Active and pending memories: the pool new facts are compared against. */
export async function liveMemories(): Promise<Memory[]> {
  return db().memories.where('status').anyOf('active', 'pending').toArray();
}
