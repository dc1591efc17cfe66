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
import type { PastCall } from '../../past/worker-client';

/** Memories per message: bounded messages while a store of 10,000+ is (re)built. */
const BATCH = 500;

/** The fields ranking reads, and nothing else of the record (its sources become evidence keys). */
function rowOf(memory: Memory): Recallable {
  const { id, text, type, priority, pinned, proofCount, mentionedAt, occurredStart, occurredEnd } = memory;
  const { scope, status, tokenCount, evidence } = recallable(memory);
  const shown = { id, text, type, priority, pinned, proofCount, mentionedAt, occurredStart, occurredEnd };
  return { ...shown, scope, status, tokenCount, ...(evidence ? { evidence } : {}) };
}

const newest = (memories: readonly Memory[]) =>
  memories.reduce((n, m) => (m.updatedAt > n ? m.updatedAt : n), '') || null;

const NOTHING: MemoryAnswer = { hits: [], lexical: [], reserved: [], extra: [] };

/** One worker's view of the table, on the index host `call` (#38: made by the recall area, not at import). */
export class MemoryIndex {
  /** The table as its last reply described it. */
  private table = { count: 0, highWater: '', empty: true };
  private opened: Promise<void> | undefined;
  /** Whether this worker has checked the table's count against the store's. */
  private counted = false;
  /** Opens, catch-ups and writes, one after another in the order they were asked for. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly call: PastCall) {}

  /**
   * The table's answer to one query, after every write heard so far and any it missed. The query goes at once and
   * the store is read beside it (its newest change and active count); only when they disagree with the table's
   * state in the reply is it caught up and asked again. Opening the table, then reading the store, then asking,
   * one after another, held a first click after a worker stop ~170 ms (bench:recall, #28).
   */
  async answer(query: MemoryQuery): Promise<MemoryAnswer> {
    const ask = () =>
      this.enqueue(async () => {
        const reply = await this.call({ op: 'memQuery', ...query });
        this.note(reply);
        return reply.memories ?? NOTHING;
      }, false);
    // The count (a purge the table missed) once per worker start: while a worker lives, it hears every write.
    const [answer, store] = await Promise.all([ask(), memoryStoreMark(!this.counted)]);
    const { table } = this;
    const agrees = store.active === null || store.active === table.count;
    if (!table.empty && agrees && store.newest <= table.highWater) return ((this.counted = true), answer);
    await this.enqueue(() => this.catchUp());
    return ask();
  }

  /** Opened (rebuilt if it must be) and caught up, ahead of a first click. */
  warm(): Promise<void> {
    return this.enqueue(() => this.catchUp());
  }

  /** One committed store change: memory writes, purges and Delete everything reach the table here. */
  update(change: StoreChange): void {
    const send = (step: () => Promise<void>) => void this.enqueue(step).catch(() => undefined);
    if (change.kind === 'memories') send(() => this.put(change.memories));
    if (change.kind === 'memoriesPurged')
      send(async () => this.note(await this.call({ op: 'memDelete', ids: [...change.ids] })));
    if (change.kind === 'cleared') send(async () => this.note(await this.call({ op: 'memClear' })));
  }

  /** The ids the table holds, once every write heard so far has landed (the fault schedules' invariant). */
  async ids(): Promise<string[]> {
    await this.enqueue(async () => undefined);
    return (await this.call({ op: 'memIds' })).memoryIds ?? [];
  }

  private note(reply: PastReply): void {
    const t = reply.memoryTable;
    if (t) this.table = { count: t.count, highWater: t.highWater ?? '', empty: t.empty };
  }

  private async put(memories: readonly Memory[], built = false): Promise<void> {
    for (let i = 0; i < memories.length || (built && i === 0); i += BATCH) {
      const batch = memories.slice(i, i + BATCH);
      const last = i + BATCH >= memories.length;
      const op = { op: 'memPut', memories: batch.map(rowOf), highWater: newest(batch) } as const;
      this.note(await this.call({ ...op, built: built && last }));
    }
  }

  private async rebuild(): Promise<void> {
    this.note(await this.call({ op: 'memClear' }));
    await this.put(await listMemories('active'), true);
  }

  private async open(): Promise<void> {
    this.note(await this.call({ op: 'memOpen' }));
    if (this.table.empty) await this.rebuild();
  }

  private ensureOpen(): Promise<void> {
    this.opened ??= this.open().catch((e: unknown) => {
      this.opened = undefined;
      throw e;
    });
    return this.opened;
  }

  /** Runs after every step asked for before it, on an open table (a query learns the table's state itself). */
  private enqueue<T>(step: () => Promise<T>, open = true): Promise<T> {
    const run = (open ? this.chain.then(() => this.ensureOpen()) : this.chain).then(step);
    this.chain = run.catch((e: unknown) => console.warn('Engram: memory index update failed', e));
    return run;
  }

  /** Writes the follower missed (a test or a crash between the store's commit and the table's). */
  private async catchUp(): Promise<void> {
    // Strictly after: a write the follower missed within the very millisecond of the newest one held is left to
    // the count below or the next write (the follower misses writes only in tests and crashes).
    const [missed, active] = await Promise.all([
      memoriesChangedAfter(this.table.highWater),
      countMemories('active'),
    ]);
    if (missed.length > 0) await this.put(missed);
    if (active !== this.table.count) await this.rebuild();
  }
}
