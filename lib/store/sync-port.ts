// The SyncPort over Dexie (#15): the engine in lib/sync reads local changes and heads through it and hands it
// what arrives; the store stays the only writer. Writes of what arrives are in lib/store/sync-apply.ts.
import type { Conversation, MemoryEvent, Turn } from '../model/records';
import type { Heads } from '../sync/apply';
import type { ConvHead, MemoryHead } from '../sync/format';
import type { LocalChange, SyncPort, SyncState } from '../sync/port';
import { db, type EngramDB } from './db';
import { applyRemote, exportState, heldLines, wipe } from './sync-apply';
import { convKey, memKey, seedOutbox, type OutboxRow } from './sync-rows';
import { commitState, keepIdentities, pruneIdentities, readState, seqOf } from './sync-state';

async function turnsFor(d: EngramDB, key: string, keys: string[] | null): Promise<Turn[]> {
  if (keys === null) return d.turns.where('conversationKey').equals(key).toArray();
  return (await d.turns.bulkGet(keys)).filter((t): t is Turn => t !== undefined);
}

/** A row as the engine's change, read now; null when the record is gone (its delete is a later row). */
async function materialize(d: EngramDB, row: OutboxRow): Promise<LocalChange | null> {
  if (row.kind === 'purge') return { kind: 'purge', memoryId: row.memoryId, at: row.at };
  if (row.kind === 'conversation-deleted') return { kind: 'conversation-deleted', key: row.key, at: row.at };
  if (row.kind === 'memory') {
    const event: MemoryEvent | undefined = await d.memoryEvents.get(row.eventId);
    return event ? { kind: 'memory', event } : null;
  }
  const conversation: Conversation | undefined = await d.conversations.get(row.key);
  if (!conversation) return null;
  return { kind: 'conversation', conversation, turns: await turnsFor(d, row.key, row.turns) };
}

/** Reads on past rows whose records are gone, so an empty answer always means "nothing more". */
async function localChanges(after: string | null, limit: number) {
  const d = db();
  return d.transaction('r', [d.outbox, d.memoryEvents, d.conversations, d.turns], async () => {
    const changes: LocalChange[] = [];
    let cursor = after;
    while (changes.length === 0) {
      const rows = await d.outbox.where('seq').above(seqOf(cursor)).limit(limit).toArray();
      if (rows.length === 0) break;
      for (const row of rows) {
        const change = await materialize(d, row);
        if (change) changes.push(change);
      }
      cursor = String(rows.at(-1)?.seq);
    }
    return { changes, cursor };
  });
}

async function heads(memoryIds: string[], convKeys: string[]): Promise<Heads> {
  const d = db();
  const rows = await d.syncHeads.bulkGet([...memoryIds.map(memKey), ...convKeys.map(convKey)]);
  const memories = new Map<string, MemoryHead>();
  const conversations = new Map<string, ConvHead>();
  for (const row of rows) {
    if (!row) continue;
    if (row.key.startsWith('m:')) memories.set(row.key.slice(2), row.head as MemoryHead);
    else conversations.set(row.key.slice(2), row.head as ConvHead);
  }
  return { memories, conversations };
}

async function saveState(state: SyncState): Promise<void> {
  const d = db();
  await keepIdentities(state);
  await d.transaction('rw', d.syncState, d.outbox, () => commitState(d, state));
  await pruneIdentities(state);
}

/**
 * Before a connect: the outbox lists everything stored again, since a device that joins (or rejoins) a remote
 * pushes all it has (the engine's localCursor starts at null) and rows already pushed elsewhere were dropped.
 * Deletes not yet pushed stay: what was deleted while disconnected names no stored record, and dropping its row
 * let the other devices' copies bring it back (#15).
 */
export async function reseedOutbox(): Promise<void> {
  const d = db();
  await d.transaction('rw', [d.outbox, d.memoryEvents, d.conversations], async (tx) => {
    await d.outbox.filter((r) => r.kind !== 'purge' && r.kind !== 'conversation-deleted').delete();
    await seedOutbox(tx);
  });
}

export function storeSyncPort(): SyncPort {
  return {
    loadState: () => readState(db()),
    saveState,
    localChanges,
    heads,
    applyRemote,
    heldLines,
    exportState,
    wipe,
  };
}
