// Recall's memory index (#5, #28): the memory table of the recall index (lib/past/memory-table.ts), in the same
// SQLite database as past chats, run by the index's worker (./index-host.ts). The background sends it every
// committed memory write, purge and Delete everything (lib/store/changes.ts), as ./past-index.ts sends turns; a
// waking service worker opens the table instead of rebuilding it (MiniSearch was rebuilt at every worker start:
// 405 ms at 10,000 memories, most of a first click, #28). The store stays the only writer: a table of another
// schema, or one whose rebuild never finished, is rebuilt from it, and each query first catches up with writes
// the follower missed (a memory changed after the newest one the table holds, or a count that disagrees).
import type { MemoryAnswer, MemoryQuery, PastReply } from '../../model/past';
import type { Memory } from '../../model/records';
import { recallable, type Recallable } from '../../recall/index';
import type { StoreChange } from '../../store/changes';
import { countMemories, listMemories, memoriesChangedAfter, memoryStoreMark } from '../../store/memories';
import { callIndex } from './index-host';

/** Memories per message: bounded messages while a store of 10,000+ is (re)built. */
const BATCH = 500;

/** The table as its last reply described it. */
let table = { count: 0, highWater: '', empty: true };
let opened: Promise<void> | undefined;
/** Whether this worker has checked the table's count against the store's. */
let counted = false;
/** Opens, catch-ups and writes, one after another in the order they were asked for. */
let chain: Promise<unknown> = Promise.resolve();

function note(reply: PastReply): void {
  const t = reply.memoryTable;
  if (t) table = { count: t.count, highWater: t.highWater ?? '', empty: t.empty };
}

/** The fields ranking reads, and nothing else of the record (its sources become evidence keys). */
function rowOf(memory: Memory): Recallable {
  const { id, text, type, priority, pinned, proofCount, mentionedAt, occurredStart, occurredEnd } = memory;
  const { scope, status, tokenCount, evidence } = recallable(memory);
  const shown = { id, text, type, priority, pinned, proofCount, mentionedAt, occurredStart, occurredEnd };
  return { ...shown, scope, status, tokenCount, ...(evidence ? { evidence } : {}) };
}

const newest = (memories: readonly Memory[]) =>
  memories.reduce((n, m) => (m.updatedAt > n ? m.updatedAt : n), '') || null;

async function put(memories: readonly Memory[], built = false): Promise<void> {
  for (let i = 0; i < memories.length || (built && i === 0); i += BATCH) {
    const batch = memories.slice(i, i + BATCH);
    const last = i + BATCH >= memories.length;
    const op = { op: 'memPut', memories: batch.map(rowOf), highWater: newest(batch) } as const;
    note(await callIndex({ ...op, built: built && last }));
  }
}

async function rebuild(): Promise<void> {
  note(await callIndex({ op: 'memClear' }));
  await put(await listMemories('active'), true);
}

async function open(): Promise<void> {
  note(await callIndex({ op: 'memOpen' }));
  if (table.empty) await rebuild();
}

function ensureOpen(): Promise<void> {
  opened ??= open().catch((e: unknown) => {
    opened = undefined;
    throw e;
  });
  return opened;
}

/** Runs after every step asked for before it, on an open table (a query learns the table's state itself). */
function enqueue<T>(step: () => Promise<T>, open = true): Promise<T> {
  const run = (open ? chain.then(ensureOpen) : chain).then(step);
  chain = run.catch((e: unknown) => console.warn('Engram: memory index update failed', e));
  return run;
}

/** Writes the follower missed (a test or a crash between the store's commit and the table's). */
async function catchUp(): Promise<void> {
  // Strictly after: a write the follower missed within the very millisecond of the newest one held is left to
  // the count below or the next write (the follower misses writes only in tests and crashes).
  const [missed, active] = await Promise.all([
    memoriesChangedAfter(table.highWater),
    countMemories('active'),
  ]);
  if (missed.length > 0) await put(missed);
  if (active !== table.count) await rebuild();
}

const NOTHING: MemoryAnswer = { hits: [], lexical: [], reserved: [], extra: [] };

export const memoryIndex = {
  /**
   * The table's answer to one query, after every write heard so far and any it missed. The query goes at once and
   * the store is read beside it (its newest change and active count); only when they disagree with the table's
   * state in the reply is it caught up and asked again. Opening the table, then reading the store, then asking,
   * one after another, held a first click after a worker stop ~170 ms (bench:recall, #28).
   */
  async answer(query: MemoryQuery): Promise<MemoryAnswer> {
    const ask = () =>
      enqueue(async () => {
        const reply = await callIndex({ op: 'memQuery', ...query });
        note(reply);
        return reply.memories ?? NOTHING;
      }, false);
    // The count (a purge the table missed) once per worker start: while a worker lives, it hears every write.
    const [answer, store] = await Promise.all([ask(), memoryStoreMark(!counted)]);
    const agrees = store.active === null || store.active === table.count;
    if (!table.empty && agrees && store.newest <= table.highWater) return ((counted = true), answer);
    await enqueue(catchUp);
    return ask();
  },

  /** Opened (rebuilt if it must be) and caught up, ahead of a first click. */
  warm(): Promise<void> {
    return enqueue(catchUp);
  },

  /** One committed store change: memory writes, purges and Delete everything reach the table here. */
  update(change: StoreChange): void {
    const send = (step: () => Promise<void>) => void enqueue(step).catch(() => undefined);
    if (change.kind === 'memories') send(() => put(change.memories));
    if (change.kind === 'memoriesPurged')
      send(async () => note(await callIndex({ op: 'memDelete', ids: [...change.ids] })));
    if (change.kind === 'cleared') send(async () => note(await callIndex({ op: 'memClear' })));
  },

  /** The ids the table holds, once every write heard so far has landed (the fault schedules' invariant). */
  async ids(): Promise<string[]> {
    await enqueue(async () => undefined);
    return (await callIndex({ op: 'memIds' })).memoryIds ?? [];
  },

  /** Test seam: the next use opens the table again. */
  reset(): void {
    opened = undefined;
    counted = false;
    chain = Promise.resolve();
    table = { count: 0, highWater: '', empty: true };
  },
};
