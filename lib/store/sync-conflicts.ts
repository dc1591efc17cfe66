// Sync conflicts for Review (#15): two devices changed the same version of a memory (the merge keeps both as
// leaves and flags the head). Review shows every version with its device and time; the person's choice is written
// as an ordinary local edit, whose event is made from every leaf (lib/sync/outbox.ts), so it clears on every device.
import { ProblemError } from '../model/problem';
import type { Memory, MemoryEvent } from '../model/records';
import type { MemoryHead } from '../sync/format';
import { compareHlc, decodeHlc } from '../sync/hlc';
import { shownLeaf } from '../sync/merge';
import { emitStoreChange } from './changes';
import { db } from './db';
import { readDeviceId } from './sync-state';
import { putEvents } from './event-order';
import { memKey, type SyncHeadRow } from './sync-rows';

export interface ConflictVersion {
  /** The event id of this version (a leaf). */
  id: string;
  /** The device that made it: null when it is this one. */
  device: string | null;
  /** When it was made, by its device's (hybrid) clock. */
  at: string;
  /** null or status "deleted": this version is a delete. */
  memory: Memory | null;
  /** The version the memory shows now; the others are kept in its history. */
  shown: boolean;
}

export interface SyncConflict {
  memory: Memory;
  versions: ConflictVersion[];
}

/** Memory heads flagged as a conflict (a scan of the memory heads: conflicts are not indexed, and rare). */
async function conflictRows(): Promise<SyncHeadRow[]> {
  return db()
    .syncHeads.where('key')
    .startsWith('m:')
    .filter((r) => r.conflict === true)
    .toArray();
}

function versionsOf(head: MemoryHead, me: string | null): ConflictVersion[] {
  const shown = shownLeaf(head)?.id;
  return [...head.leaves]
    .sort((a, b) => compareHlc(b.hlc, a.hlc))
    .map((leaf) => {
      const { wall, device } = decodeHlc(leaf.hlc);
      const at = new Date(wall).toISOString();
      return {
        id: leaf.id,
        device: device === me ? null : device,
        at,
        memory: leaf.memory,
        shown: leaf.id === shown,
      };
    });
}

/** Every memory in conflict, with its versions newest first. */
export async function listConflicts(): Promise<SyncConflict[]> {
  const [rows, me] = await Promise.all([conflictRows(), readDeviceId(db())]);
  const heads = rows.map((r) => r.head as MemoryHead);
  const memories = await db().memories.bulkGet(heads.map((h) => h.memoryId));
  return heads.flatMap((head, i) => {
    const memory = memories[i];
    return memory ? [{ memory, versions: versionsOf(head, me) }] : [];
  });
}

/** Ids of the memories in conflict: "Approve all" leaves them for the person to choose (#15). */
export async function conflictIds(): Promise<Set<string>> {
  return new Set((await conflictRows()).map((r) => r.key.slice(2)));
}

/** What waits in Review: pending memories and conflicts, each memory once. */
export async function countReview(): Promise<number> {
  const pending = await db().memories.where('status').equals('pending').primaryKeys();
  return new Set([...pending, ...(await conflictIds())]).size;
}

/** The head of a memory in conflict; null when it has none (resolved here or on another device meanwhile). */
export async function conflictHead(id: string): Promise<MemoryHead | null> {
  const row = await db().syncHeads.get(memKey(id));
  return row?.conflict === true ? (row.head as MemoryHead) : null;
}

/**
 * The person's resolution: the memory and its event (an outbox row, pushed as an event made from every leaf), and
 * the flag cleared at once, so Review stops showing it before the push. Throws, writing nothing, when the leaves
 * changed since the person looked (`leafIds`): they must see what arrived before choosing.
 */
export async function writeResolution(memory: Memory, event: MemoryEvent, leafIds: string[]): Promise<void> {
  const d = db();
  await d.transaction('rw', [d.memories, d.memoryEvents, d.outbox, d.syncHeads], async () => {
    const row = await d.syncHeads.get(memKey(memory.id));
    const now = (row?.head as MemoryHead | undefined)?.leaves.map((l) => l.id).sort() ?? [];
    if (row?.conflict !== true || now.join() !== [...leafIds].sort().join())
      throw new ProblemError({ code: 'conflict-stale' });
    await d.memories.put(memory);
    await putEvents(d, [event]);
    await d.syncHeads.put({ ...row, conflict: false });
  });
  emitStoreChange({ kind: 'memories', memories: [memory] });
}
