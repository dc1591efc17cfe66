import type { Memory, MemoryEvent, MemoryStatus } from '../model/records';
import { emitStoreChange } from './changes';
import { db } from './db';
import { byOccurrence, putEvents } from './event-order';

export async function getMemory(id: string): Promise<Memory | undefined> {
  return db().memories.get(id);
}

/** Memories with a status, newest change first. */
export async function listMemories(status: MemoryStatus = 'active'): Promise<Memory[]> {
  const rows = await db().memories.where('status').equals(status).toArray();
  return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** Memories of any status changed at or after `iso` (indexed; normally none): recall's catch-up (#5). */
export async function memoriesChangedSince(iso: string): Promise<Memory[]> {
  return db().memories.where('updatedAt').aboveOrEqual(iso).toArray();
}

/**
 * Memories changed strictly after `iso`: the memory table's catch-up (#28). An import writes thousands with one
 * updatedAt, and the inclusive read gave all of them back at every query (warm click p50 210 ms at 10,000
 * memories, bench:recall).
 */
export async function memoriesChangedAfter(iso: string): Promise<Memory[]> {
  return db().memories.where('updatedAt').above(iso).toArray();
}

/**
 * The newest change to any memory, and when asked the count of active ones (a walk of the status index: ~10 ms at
 * 10,000): what the memory table is checked against.
 */
export async function memoryStoreMark(count: boolean): Promise<{ newest: string; active: number | null }> {
  const [last, active] = await Promise.all([
    db().memories.orderBy('updatedAt').last(),
    count ? countMemories('active') : null,
  ]);
  return { newest: last?.updatedAt ?? '', active };
}

export async function countMemories(status: MemoryStatus = 'active'): Promise<number> {
  return db().memories.where('status').equals(status).count();
}

/** Every change to a memory is written together with the event that explains it, or not at all. */
export async function writeMemory(memory: Memory, event: MemoryEvent): Promise<void> {
  const d = db();
  await d.transaction('rw', d.memories, d.memoryEvents, d.outbox, async () => {
    await d.memories.put(memory);
    await putEvents(d, [event]);
  });
  emitStoreChange({ kind: 'memories', memories: [memory] });
}

export async function historyOf(memoryId: string): Promise<MemoryEvent[]> {
  const rows = await db().memoryEvents.where('memoryId').equals(memoryId).toArray();
  return rows.sort(byOccurrence);
}
