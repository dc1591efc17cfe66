// Recall's in-memory state for one service worker (#38): the memory table's view, the active memories of the
// semantic tier, the past tier's open wait, and the recalls a preview's open began. Made here, with the index host
// passed in, instead of at each module's import; Delete everything is a method (`hear`, a `cleared` change).
import type { PastCall } from '../../past/worker-client';
import type { StoreChange } from '../../store/changes';
import { ActiveMemories } from './active-memories';
import { callIndex } from './index-host';
import { MemoryIndex } from './memory-index';
import { earlyRecalls, pageRecall } from './page-recall';
import { PastTier } from './past-tier';

export class RecallArea {
  readonly memories: MemoryIndex;
  readonly active = new ActiveMemories();
  readonly past = new PastTier();
  /** The recalls each chat page's open began (./page-recall.ts, #39). */
  readonly early = earlyRecalls((req) => pageRecall(this, req));

  constructor(call: PastCall) {
    this.memories = new MemoryIndex(call);
  }

  /** Every memory write, purge, import and Delete everything reaches the index (lib/store/changes.ts, #12). */
  hear(change: StoreChange): void {
    this.memories.update(change);
    this.active.update(change);
    if (change.kind === 'cleared') this.past.forget();
  }
}

// The one area of this worker. Still held here until the handlers take it through their deps (#38: what is left).
let area: RecallArea | undefined;

export const recallArea = (): RecallArea => (area ??= new RecallArea(callIndex));

/** Test seam: the next use makes a fresh area (a restarted worker) on the same index host. */
export function resetRecallIndex(): void {
  area = undefined;
}
