// The order of one memory's history. Two changes in one millisecond (Delete then Undo from quick clicks, a
// review that settles at once) share an `at`, and a sort on `at` alone gave them back in index order, which is
// the random event id's: History showed Undo before Delete and the "latest" event (a proposal's base, what a
// restore goes back to) was a coin toss. Measured: lib/background/memories/memory-edits.test.ts failed about 1 run in 3.
import type { EntityTable } from 'dexie';
import type { MemoryEvent } from '../model/records';
import type { EngramDB } from './db';
import { memoryChanges, noteChanges } from './sync-rows';

/**
 * Time first, then the writing device's sequence, then id: events from other devices may share a millisecond
 * too, and every read (History, a proposal's base, what a restore goes back to) agrees on them.
 */
export const byOccurrence = (a: MemoryEvent, b: MemoryEvent): number =>
  a.at.localeCompare(b.at) || (a.seq ?? 0) - (b.seq ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Events written on this device are numbered after the same memory's events of the same millisecond (and after
 * each other, in the order given): only ties need the number, so only the newest events are read (the `at`
 * index from the batch's earliest time: none or a few), never a memory's whole history, which a bulk change of
 * thousands of memories would have read in full. Their `at` stays the clock's: moving it would date a change in
 * the future, and an import clamps future dates (lib/import/clamp.ts), so an export would no longer read back as
 * itself. Imported and synced events keep the number they carry. Runs inside the writer's transaction.
 */
async function inSequence(
  table: EntityTable<MemoryEvent, 'id'>,
  events: MemoryEvent[],
): Promise<MemoryEvent[]> {
  const from = events.reduce<string | null>((min, e) => (min === null || e.at < min ? e.at : min), null);
  if (from === null) return events;
  const [ids, memories] = [new Set(events.map((e) => e.id)), new Set(events.map((e) => e.memoryId))];
  const tie = (e: MemoryEvent) => `${e.memoryId} ${e.at}`;
  const last = new Map<string, number>();
  await table
    .where('at')
    .aboveOrEqual(from)
    .each((e) => {
      if (memories.has(e.memoryId) && !ids.has(e.id))
        last.set(tie(e), Math.max(last.get(tie(e)) ?? 0, e.seq ?? 0));
    });
  return events.map((e) => {
    const seq = (last.get(tie(e)) ?? 0) + 1;
    last.set(tie(e), seq);
    return { ...e, seq };
  });
}

/**
 * Every local write of memory events, inside the caller's transaction: numbered, stored, and queued for sync.
 * Imports and sync apply their own events as they came (lib/store/import.ts, sync-apply.ts).
 */
export async function putEvents(
  d: Pick<EngramDB, 'memoryEvents' | 'outbox'>,
  events: MemoryEvent[],
): Promise<void> {
  const numbered = await inSequence(d.memoryEvents, events);
  await d.memoryEvents.bulkPut(numbered);
  await noteChanges(d, memoryChanges(numbered));
}
