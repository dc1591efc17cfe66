// The store's side of sync (#15): what every commit path writes to the outbox, in its own transaction, so the
// engine (lib/sync) pushes exactly the changes that committed, and nothing a rolled-back transaction wrote.
// Rows name records by id only: the content is read when the engine asks (lib/store/sync-port.ts), so the outbox
// of a person with 3,000 conversations stays a few hundred kB rather than a second copy of their history.
import type { EntityTable, Transaction } from 'dexie';
import type { MemoryEvent } from '../model/records';
import type { ConvHead, MemoryHead } from '../sync/format';

/**
 * Deletes keep no record to read a time from, so their row carries when they were made (`at`, ISO; absent from rows
 * written before it was added): a delete pushed late must not beat what another device wrote after it (#15).
 */
export type OutboxChange =
  | { kind: 'memory'; memoryId: string; eventId: string }
  | { kind: 'purge'; memoryId: string; at?: string }
  /** `turns`: the keys of the turns written; null means all of the conversation's turns. */
  | { kind: 'conversation'; key: string; turns: string[] | null }
  | { kind: 'conversation-deleted'; key: string; at?: string };

export type OutboxRow = OutboxChange & { seq?: number };

/** "m:<memory id>" or "c:<conversation key>". */
export interface SyncHeadRow {
  key: string;
  head: MemoryHead | ConvHead;
  /** Two devices changed the same version (memories only): shown in Review until an edit resolves it. */
  conflict?: boolean;
}

/**
 * "state": the engine's SyncState without secrets; "reset": Delete everything ran here, resetRemote is due;
 * "run": when the last sync ended and how (lib/store/sync-run.ts).
 */
export interface SyncStateRow {
  key: 'state' | 'reset' | 'run';
  value: unknown;
}

export const memKey = (id: string) => `m:${id}`;
export const convKey = (key: string) => `c:${key}`;

/** Inside a transaction that includes `outbox`. Takes the outbox alone: db.ts imports this module (#26). */
export async function noteChanges(
  d: { outbox: EntityTable<OutboxRow, 'seq'> },
  changes: OutboxChange[],
): Promise<void> {
  if (changes.length > 0) await d.outbox.bulkAdd(changes);
}

export const memoryChanges = (events: readonly MemoryEvent[]): OutboxChange[] =>
  events.map((e) => ({ kind: 'memory', memoryId: e.memoryId, eventId: e.id }));

export const purgeChanges = (ids: readonly string[], at = new Date().toISOString()): OutboxChange[] =>
  ids.map((memoryId) => ({ kind: 'purge', memoryId, at }));

/** v4 upgrade: everything already stored is a change not yet pushed (events in time order, then conversations). */
export async function seedOutbox(tx: Transaction): Promise<void> {
  const events = await tx.table<MemoryEvent>('memoryEvents').orderBy('at').toArray();
  const keys = (await tx.table('conversations').toCollection().primaryKeys()) as string[];
  const rows: OutboxChange[] = [
    ...memoryChanges(events),
    ...keys.map((key): OutboxChange => ({ kind: 'conversation', key, turns: null })),
  ];
  await tx.table('outbox').bulkAdd(rows);
}
