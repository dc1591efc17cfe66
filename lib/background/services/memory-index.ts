// Recall's memory index (#5): built from the store on first use after the worker starts, then kept in step
// with every memory write, never rebuilt per query. MiniSearch today (lib/recall/index.ts, whose own search
// lib/recall/recall.ts calls); #28 replaces it with a table in the SQLite FTS5 index behind the same calls:
// ready, update, reset.
import type { Memory } from '../../model/records';
import { RecallIndex, recallable } from '../../recall/index';
import type { StoreChange } from '../../store/changes';
import { listMemories, memoriesChangedSince } from '../../store/memories';

let index: Promise<RecallIndex> | undefined;
/** The built index that store changes apply to; null while none is built. */
let live: RecallIndex | null = null;
/** Changes heard while the store is being read into a new index, applied after, in order. */
let heard: StoreChange[] | null = null;
/** The newest updatedAt the index has seen. */
let seen = '';

function apply(idx: RecallIndex, memory: Memory): void {
  idx.upsert(recallable(memory));
  if (memory.updatedAt > seen) seen = memory.updatedAt;
}

function applyChange(idx: RecallIndex, change: StoreChange): void {
  if (change.kind === 'memories') for (const memory of change.memories) apply(idx, memory);
  else if (change.kind === 'memoriesPurged') for (const id of change.ids) idx.remove(id);
}

async function build(): Promise<RecallIndex> {
  const fresh = new RecallIndex();
  const during: StoreChange[] = [];
  heard = during;
  // An empty store still needs a point to catch up from: the moment the build began.
  if (!seen) seen = new Date().toISOString();
  for (const memory of await listMemories('active')) apply(fresh, memory);
  for (const change of during) applyChange(fresh, change);
  if (heard === during) {
    heard = null;
    live = fresh;
  }
  return fresh;
}

export const memoryIndex = {
  // Each use also reads the (indexed, normally empty) set of memories changed since the newest one seen, so a
  // write the listener missed still lands before the query: the slice e2e once found a memory added by hand
  // missing from a live index (cause not pinned down; one extra indexed read, ~1 ms, closes it).
  /** Built, and caught up with every memory write so far. */
  async ready(): Promise<RecallIndex> {
    index ??= build();
    const idx = await index;
    if (seen) for (const memory of await memoriesChangedSince(seen)) apply(idx, memory);
    return idx;
  },

  /** One committed store change (lib/store/changes.ts): memory writes and purges reach the index here. */
  update(change: StoreChange): void {
    heard?.push(change);
    if (live) applyChange(live, change);
  },

  /** Test seam, and Delete everything: the next use rebuilds once. */
  reset(): void {
    index = undefined;
    live = null;
    heard = null;
    seen = '';
  },
};
