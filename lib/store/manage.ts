// Writes behind the memory manager (#6): bulk changes, purges, conversation and whole-database deletes.
// Reads for the manager live in lib/store/views.ts.
import { liveQuery } from 'dexie';
import type { Memory, MemoryEvent } from '../model/records';
import { db } from './db';

/** Several memories changed at once, each with its event, in one transaction. */
export async function writeMemories(memories: Memory[], events: MemoryEvent[]): Promise<void> {
  const d = db();
  await d.transaction('rw', d.memories, d.memoryEvents, async () => {
    await d.memories.bulkPut(memories);
    await d.memoryEvents.bulkPut(events);
  });
}

export async function getMemories(ids: string[]): Promise<Memory[]> {
  const rows = await db().memories.bulkGet(ids);
  return rows.filter((m): m is Memory => m !== undefined);
}

/**
 * Delete forever: the memory and every event about it. Events hold full before/after copies of the text, so
 * keeping them (or a tombstone that names the memory) would keep what the user asked Engram to forget.
 */
export async function purgeMemory(id: string): Promise<void> {
  const d = db();
  await d.transaction('rw', [d.memories, d.memoryEvents, d.embeddings], async () => {
    await d.memoryEvents.where('memoryId').equals(id).delete();
    await d.embeddings.where('memoryId').equals(id).delete();
    await d.memories.delete(id);
  });
}

export async function lastEvent(memoryId: string): Promise<MemoryEvent | undefined> {
  const rows = await db().memoryEvents.where('memoryId').equals(memoryId).sortBy('at');
  return rows.at(-1);
}

/** Memories with at least one source in the given conversation. Sources are not indexed: a full scan. */
export async function memoriesFrom(site: string, conversationId: string): Promise<Memory[]> {
  return db()
    .memories.filter((m) => m.sources.some((s) => s.site === site && s.conversationId === conversationId))
    .toArray();
}

/** Removes a conversation with its turns and extraction jobs; returns how many turns went. */
export async function deleteConversationRows(key: string): Promise<number> {
  const d = db();
  return d.transaction('rw', d.conversations, d.turns, d.jobs, async () => {
    const turns = await d.turns.where('conversationKey').equals(key).delete();
    await d.jobs.where('conversationKey').equals(key).delete();
    await d.conversations.delete(key);
    return turns;
  });
}

/** "Delete everything": every table emptied in one transaction. Settings are not data and stay. */
export async function clearAllData(): Promise<void> {
  const d = db();
  await d.transaction('rw', d.tables, async () => {
    await Promise.all(d.tables.map((t) => t.clear()));
  });
}

/** Calls back with the pending-review count now and whenever it changes; returns the unsubscribe. */
export function watchPendingCount(onCount: (count: number) => void): () => void {
  const sub = liveQuery(() => db().memories.where('status').equals('pending').count()).subscribe({
    next: onCount,
    error: (e: unknown) => console.error('Engram: pending count failed', e),
  });
  return () => sub.unsubscribe();
}
