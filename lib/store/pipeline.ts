// A job's memory writes and its completion commit together, or not at all (#4: "a failed job never corrupts
// the store"; "idempotent by job id").
import type { Memory, MemoryEvent } from '../model/records';
import { db } from './db';

export interface MemoryWrite {
  memory: Memory;
  event: MemoryEvent;
}

/** Returns false when this job's writes were already committed (a rerun after a lost reply). */
export async function commitJob(jobId: string, writes: MemoryWrite[], toOrder: number, now = new Date()) {
  const d = db();
  return d.transaction('rw', [d.memories, d.memoryEvents, d.jobs], async () => {
    const done = await d.memoryEvents.where('jobId').equals(jobId).count();
    const at = now.toISOString();
    const finish = { status: 'done' as const, toOrder, leaseUntil: null, lastError: null, updatedAt: at };
    if (done > 0) {
      await d.jobs.update(jobId, finish);
      return false;
    }
    await d.memories.bulkPut(writes.map((w) => w.memory));
    await d.memoryEvents.bulkPut(writes.map((w) => w.event));
    await d.jobs.update(jobId, finish);
    return true;
  });
}

/** Active and pending memories: the pool new facts are compared against. */
export async function liveMemories(): Promise<Memory[]> {
  return db().memories.where('status').anyOf('active', 'pending').toArray();
}
