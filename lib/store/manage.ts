// Writes behind the memory manager (#6): bulk changes, purges, conversation and whole-database deletes.
// Reads for the manager live in lib/store/views.ts.
import { liveQuery } from 'dexie';
import type { Memory, MemoryEvent } from '../model/records';
import { emitStoreChange } from './changes';
import { DATA_TABLES, db } from './db';
import { bumpGeneration } from './generation';
import { putEvents } from './event-order';
import { clearPrivacyReports } from './privacy';
import { historyOf } from './memories';
import { purgeRows, purgeTables } from './purge';
import { noteChanges } from './sync-rows';

/** Several memories changed at once, each with its event, in one transaction. */
export async function writeMemories(memories: Memory[], events: MemoryEvent[]): Promise<void> {
  const d = db();
  await d.transaction('rw', d.memories, d.memoryEvents, d.outbox, async () => {
    await d.memories.bulkPut(memories);
    await putEvents(d, events);
  });
  if (memories.length > 0) emitStoreChange({ kind: 'memories', memories });
}

export async function getMemories(ids: string[]): Promise<Memory[]> {
  const rows = await db().memories.bulkGet(ids);
  return rows.filter((m): m is Memory => m !== undefined);
}

/** Delete forever: the memory and everything about it (./purge.ts). */
export async function purgeMemory(id: string): Promise<void> {
  const d = db();
  await d.transaction('rw', purgeTables(d), () => purgeRows(d, [id]));
  emitStoreChange({ kind: 'memoriesPurged', ids: [id] });
}

export async function lastEvent(memoryId: string): Promise<MemoryEvent | undefined> {
  return (await historyOf(memoryId)).at(-1);
}

/**
 * Reads the memories with a source in the given conversation (sources are not indexed: a full scan) and
 * writes what `change` makes of them, in one transaction, so an edit made meanwhile is never overwritten.
 */
export async function changeMemoriesFrom(
  site: string,
  conversationId: string,
  change: (produced: Memory[]) => { memories: Memory[]; events: MemoryEvent[] },
): Promise<Memory[]> {
  const d = db();
  const memories = await d.transaction('rw', d.memories, d.memoryEvents, d.outbox, async () => {
    const produced = await d.memories
      .filter((m) => m.sources.some((s) => s.site === site && s.conversationId === conversationId))
      .toArray();
    const { memories, events } = change(produced);
    await d.memories.bulkPut(memories);
    await putEvents(d, events);
    return memories;
  });
  if (memories.length > 0) emitStoreChange({ kind: 'memories', memories });
  return memories;
}

/**
 * Removes a conversation with its turns and extraction jobs (cancelling any queued or running one), and bumps
 * the delete generation so no run that read it commits (#12). Returns how many turns went.
 */
export async function deleteConversationRows(key: string): Promise<number> {
  const d = db();
  const tables = [d.conversations, d.turns, d.jobs, d.meta, d.outbox];
  const turns = await d.transaction('rw', tables, async () => {
    const turns = await d.turns.where('conversationKey').equals(key).delete();
    await d.jobs.where('conversationKey').equals(key).delete();
    await d.conversations.delete(key);
    await bumpGeneration(d);
    await noteChanges(d, [{ kind: 'conversation-deleted', key, at: new Date().toISOString() }]);
    return turns;
  });
  emitStoreChange({ kind: 'conversationsDeleted', keys: [key] });
  return turns;
}

/**
 * "Delete everything": every data table emptied and the delete generation bumped, in one transaction. A device
 * that syncs also owes the remote a reset (#15: a new epoch, so other devices empty too, LiveSync #492).
 */
export async function clearAllData(): Promise<void> {
  const d = db();
  await d.transaction('rw', d.tables, async () => {
    await Promise.all(DATA_TABLES.map((t) => d.table(t).clear()));
    await clearPrivacyReports(d);
    await bumpGeneration(d);
    if (await d.syncState.get('state')) await d.syncState.put({ key: 'reset', value: true });
  });
  emitStoreChange({ kind: 'cleared' });
}

/** Calls back with the pending-review count now and whenever it changes; returns the unsubscribe. */
export function watchPendingCount(onCount: (count: number) => void): () => void {
  const sub = liveQuery(() => db().memories.where('status').equals('pending').count()).subscribe({
    next: onCount,
    error: (e: unknown) => console.error('Engram: pending count failed', e),
  });
  return () => sub.unsubscribe();
}
