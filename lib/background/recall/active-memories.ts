// Every active memory, for the semantic tier alone (#5): it scores stored vectors against them, checks each
// vector against its memory's current text and embeds the memories that lack one. Read from the store on first
// use after a worker start and kept in step with every memory write (lib/store/changes.ts). Recall's own ranking
// asks the memory table (./memory-index.ts, #28), so a worker with "Match by meaning" off never reads this.
import type { Memory } from '../../model/records';
import { recallable, type Recallable } from '../../recall/index';
import type { StoreChange } from '../../store/changes';
import { listMemories, memoriesChangedSince } from '../../store/memories';

let list: Promise<Map<string, Recallable>> | undefined;
/** The memories once read; changes apply to it as they are heard. */
let live: Map<string, Recallable> | null = null;
/** Changes heard while the store is being read, applied after, in order. */
let heard: StoreChange[] | null = null;
/** The newest updatedAt seen: each use also reads what changed since (indexed, normally nothing). */
let seen = '';

function apply(memories: Map<string, Recallable>, memory: Memory): void {
  if (memory.status === 'active') memories.set(memory.id, recallable(memory));
  else memories.delete(memory.id);
  if (memory.updatedAt > seen) seen = memory.updatedAt;
}

function applyChange(memories: Map<string, Recallable>, change: StoreChange): void {
  if (change.kind === 'memories') for (const m of change.memories) apply(memories, m);
  if (change.kind === 'memoriesPurged') for (const id of change.ids) memories.delete(id);
}

async function read(): Promise<Map<string, Recallable>> {
  const during: StoreChange[] = [];
  heard = during;
  if (!seen) seen = new Date().toISOString();
  const memories = new Map<string, Recallable>();
  for (const m of await listMemories('active')) apply(memories, m);
  for (const change of during) applyChange(memories, change);
  if (heard === during) {
    heard = null;
    live = memories;
  }
  return memories;
}

export const activeMemories = {
  /** Every active memory by id, caught up with every write so far. */
  async all(): Promise<ReadonlyMap<string, Recallable>> {
    list ??= read();
    const memories = await list;
    for (const m of await memoriesChangedSince(seen)) apply(memories, m);
    return memories;
  },

  update(change: StoreChange): void {
    if (change.kind === 'cleared') return activeMemories.reset();
    heard?.push(change);
    if (live) applyChange(live, change);
  },

  /** Test seam, and Delete everything: the next use reads the store again. */
  reset(): void {
    list = undefined;
    live = null;
    heard = null;
    seen = '';
  },
};
