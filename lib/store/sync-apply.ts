// What arrives from other devices is written here, in one transaction with the sync state (#15). Nothing here
// writes an outbox row (what arrives is not sent back). Every index follows through lib/store/changes.ts: recall,
// embeddings and past turns hear the same changes as for a local write.
import type { Memory } from '../model/records';
import type { Apply } from '../sync/apply';
import type { ConvHead, MemoryHead, SnapLine } from '../sync/format';
import type { ConvWrite, MemoryWrite } from '../sync/merge';
import { LocalMoved, type Held, type HeldWrite, type SyncState } from '../sync/port';
import { emitStoreChange } from './changes';
import { DATA_TABLES, db, type EngramDB } from './db';
import { bumpGeneration } from './generation';
import { citesPrivate, privateKeys, type Hidden } from './privacy';
import { convKey, memKey } from './sync-rows';
import { commitState, keepIdentities, pruneIdentities, seqOf } from './sync-state';

interface Written {
  memories: Memory[];
  purged: string[];
  turns: string[];
  deleted: string[];
}

const writesMemory = (w: MemoryWrite) => w.memory !== undefined || w.purge || w.history.length > 0;
const writesConv = (w: ConvWrite) =>
  w.conv !== undefined || w.putTurns.length > 0 || w.removeTurns.length > 0;

/** A local change committed after the state's cursor touches what this would write: the engine pushes it first. */
async function checkLocalMoved(d: EngramDB, apply: Apply, state: SyncState): Promise<void> {
  const mems = new Set(apply.memories.filter(writesMemory).map((m) => m.head.memoryId));
  const convs = new Set(apply.conversations.filter(writesConv).map((c) => c.head.key));
  if (mems.size === 0 && convs.size === 0) return;
  const later = await d.outbox.where('seq').above(seqOf(state.localCursor)).toArray();
  for (const c of later) {
    const moved = c.kind === 'memory' || c.kind === 'purge' ? mems.has(c.memoryId) : convs.has(c.key);
    if (moved) throw new LocalMoved();
  }
}

async function writeMemory(d: EngramDB, w: MemoryWrite, out: Written, hidden: Hidden): Promise<void> {
  const id = w.head.memoryId;
  await d.syncHeads.put({ key: memKey(id), head: w.head, conflict: w.conflict });
  // Drawn from a chat this device knows is private (#34): another device that does not know yet never brings it back.
  if (w.memory && citesPrivate(w.memory, hidden)) w = { ...w, memory: null, purge: true, history: [] };
  if (w.purge || w.memory === null) {
    await d.memoryEvents.where('memoryId').equals(id).delete();
    await d.embeddings.where('memoryId').equals(id).delete();
    await d.memories.delete(id);
    out.purged.push(id);
  }
  if (w.memory) {
    await d.memories.put(w.memory);
    out.memories.push(w.memory);
  }
  if (w.history.length > 0) await d.memoryEvents.bulkPut(w.history);
}

async function writeConv(d: EngramDB, w: ConvWrite, out: Written, hidden: Hidden): Promise<void> {
  const key = w.head.key;
  await d.syncHeads.put({ key: convKey(key), head: w.head });
  if (hidden.has(key)) return; // private here (#34): its turns are not taken from another device
  if (w.conv === null) {
    // As a local delete does (lib/store/manage.ts): its turns and jobs go, and no running job commits (#12).
    await d.turns.where('conversationKey').equals(key).delete();
    await d.jobs.where('conversationKey').equals(key).delete();
    await d.conversations.delete(key);
    await bumpGeneration(d);
    out.deleted.push(key);
    return;
  }
  if (w.conv) await d.conversations.put(w.conv);
  if (w.removeTurns.length > 0) await d.turns.bulkDelete(w.removeTurns);
  if (w.putTurns.length > 0) await d.turns.bulkPut(w.putTurns);
  if (w.conv || w.putTurns.length > 0 || w.removeTurns.length > 0) out.turns.push(key);
}

function announce(out: Written): void {
  if (out.purged.length > 0) emitStoreChange({ kind: 'memoriesPurged', ids: out.purged });
  if (out.memories.length > 0) emitStoreChange({ kind: 'memories', memories: out.memories });
  if (out.deleted.length > 0) emitStoreChange({ kind: 'conversationsDeleted', keys: out.deleted });
  if (out.turns.length > 0) emitStoreChange({ kind: 'turns', conversationKeys: out.turns });
}

const SYNC_TABLES = [
  'memories',
  'memoryEvents',
  'embeddings',
  'conversations',
  'turns',
  'jobs',
  'meta',
] as const;

/** The records, the lines held for a newer Engram (#38) and the state, in one transaction. */
export async function applyRemote(apply: Apply, state: SyncState, held?: HeldWrite): Promise<void> {
  const d = db();
  await keepIdentities(state);
  const out: Written = { memories: [], purged: [], turns: [], deleted: [] };
  const tables = [...SYNC_TABLES.map((t) => d.table(t)), d.syncHeads, d.syncState, d.outbox, d.privacy];
  await d.transaction('rw', [...tables, d.syncHeld], async () => {
    await checkLocalMoved(d, apply, state);
    const hidden = await privateKeys(d);
    for (const w of apply.memories) await writeMemory(d, w, out, hidden);
    for (const w of apply.conversations) await writeConv(d, w, out, hidden);
    if (held?.drop.length) await d.syncHeld.bulkDelete(held.drop);
    if (held?.put.length) await d.syncHeld.bulkPut(held.put);
    await commitState(d, state);
  });
  announce(out);
}

/** Another device ran "Delete everything", or this one did: every synced record and head goes, with the state. */
export async function wipe(state: SyncState): Promise<void> {
  const d = db();
  await keepIdentities(state);
  await d.transaction('rw', d.tables, async () => {
    const last = await d.outbox.orderBy('seq').lastKey();
    await Promise.all(DATA_TABLES.map((t) => d.table(t).clear()));
    await bumpGeneration(d);
    // The wipe moves the cursor past every change made before it: none may reach the new epoch.
    await commitState(d, { ...state, localCursor: last === undefined ? state.localCursor : String(last) });
    await d.syncState.delete('reset');
  });
  await pruneIdentities(state);
  emitStoreChange({ kind: 'cleared' });
}

/** Lines held for a newer Engram (#38), in the order of their keys (file, then line). */
export async function heldLines(): Promise<Held[]> {
  return db().syncHeld.toArray();
}

/** What waits for an update, per device that wrote it (#38): Options → Sync counts it. */
export async function heldCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const dev of await db().syncHeld.orderBy('dev').uniqueKeys())
    counts.set(String(dev), await db().syncHeld.where('dev').equals(dev).count());
  return counts;
}

/** Everything synced, as snapshot lines: only records with a head (pushed or pulled) are in the shared state. */
export async function* exportState(chunk: number): AsyncIterable<SnapLine[]> {
  const d = db();
  let after = '';
  for (;;) {
    const rows = await d.syncHeads.where('key').above(after).limit(chunk).toArray();
    if (rows.length === 0) return;
    after = rows.at(-1)?.key ?? after;
    const lines: SnapLine[] = [];
    for (const row of rows) {
      if (row.key.startsWith('m:')) {
        const head = row.head as MemoryHead;
        const history = await d.memoryEvents.where('memoryId').equals(head.memoryId).toArray();
        lines.push({ t: 'mstate', head, history: head.purged === null ? history : [] });
      } else {
        const head = row.head as ConvHead;
        const conv = (await d.conversations.get(head.key)) ?? null;
        const turns = await d.turns.where('conversationKey').equals(head.key).toArray();
        lines.push({ t: 'cstate', head, conv, turns });
      }
    }
    yield lines;
  }
}
