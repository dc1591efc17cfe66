// Every active memory, for the semantic tier alone (#5): it scores stored vectors against them, checks each
// vector against its memory's current text and embeds the memories that lack one. Read from the store on first
// use after a worker start and kept in step with every memory write (lib/store/changes.ts). Recall's own ranking
// asks the memory table (./memory-index.ts, #28), so a worker with "Match by meaning" off never reads this.
import type { Memory } from '../../model/records';
import { recallable, type Recallable } from '../../recall/index';
import type { StoreChange } from '../../store/changes';
import { listMemories, memoriesChangedSince } from '../../store/memories';

/** One worker's active memories (#38: made by the recall area, not at import). */
export class ActiveMemories {
  private list: Promise<Map<string, Recallable>> | undefined;
  /** The memories once read; changes apply to it as they are heard. */
  private live: Map<string, Recallable> | null = null;
  /** Changes heard while the store is being read, applied after, in order. */
  private heard: StoreChange[] | null = null;
  /** The newest updatedAt seen: each use also reads what changed since (indexed, normally nothing). */
  private seen = '';

  /** Every active memory by id, caught up with every write so far. */
  async all(): Promise<ReadonlyMap<string, Recallable>> {
    this.list ??= this.read();
    const memories = await this.list;
    for (const m of await memoriesChangedSince(this.seen)) this.apply(memories, m);
    return memories;
  }

  /** One committed store change; Delete everything makes the next use read the store again. */
  update(change: StoreChange): void {
    if (change.kind === 'cleared') return this.forget();
    this.heard?.push(change);
    if (this.live) this.applyChange(this.live, change);
  }

  private forget(): void {
    this.list = undefined;
    this.live = null;
    this.heard = null;
    this.seen = '';
  }

  private apply(memories: Map<string, Recallable>, memory: Memory): void {
    if (memory.status === 'active') memories.set(memory.id, recallable(memory));
    else memories.delete(memory.id);
    if (memory.updatedAt > this.seen) this.seen = memory.updatedAt;
  }

  private applyChange(memories: Map<string, Recallable>, change: StoreChange): void {
    if (change.kind === 'memories') for (const m of change.memories) this.apply(memories, m);
    if (change.kind === 'memoriesPurged') for (const id of change.ids) memories.delete(id);
  }

  private async read(): Promise<Map<string, Recallable>> {
    const during: StoreChange[] = [];
    this.heard = during;
    if (!this.seen) this.seen = new Date().toISOString();
    const memories = new Map<string, Recallable>();
    for (const m of await listMemories('active')) this.apply(memories, m);
    for (const change of during) this.applyChange(memories, change);
    if (this.heard === during) {
      this.heard = null;
      this.live = memories;
    }
    return memories;
  }
}
