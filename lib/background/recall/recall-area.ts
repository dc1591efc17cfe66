// Recall's in-memory state for one service worker (#38): the memory table's view, the past-chat index's, the active
// memories of the semantic tier, the past tier's open wait, and the recalls a preview's open began. Made here, with
// the index host passed in (a unit test's is in memory), instead of at each module's import. Delete everything
// reaches it as every other store change does (`hear`, a `cleared` change).
import type { PastCall } from '../../past/worker-client';
import type { StoreChange } from '../../store/changes';
import { ActiveMemories } from './active-memories';
import { defaultIndexHost } from './index-host';
import { MemoryIndex } from './memory-index';
import { earlyRecalls, pageRecall } from './page-recall';
import { PastIndex } from './past-index';
import { PastTier } from './past-tier';

export class RecallArea {
  readonly memories: MemoryIndex;
  readonly pastIndex: PastIndex;
  readonly past: PastTier;
  readonly active = new ActiveMemories();
  /** The recalls each chat page's open began (./page-recall.ts, #39). */
  readonly early = earlyRecalls((req) => pageRecall(this, req));

  constructor(readonly host: PastCall) {
    this.memories = new MemoryIndex(host);
    this.pastIndex = new PastIndex(host);
    this.past = new PastTier(this.pastIndex);
  }

  /** Every committed store change (lib/store/changes.ts, #12), in the order the followers heard them before. */
  hear(change: StoreChange): void {
    this.memories.update(change);
    this.active.update(change);
    if (change.kind === 'cleared') this.past.forget();
    this.pastIndex.hear(change);
  }
}

// The one area of this worker. Still held here until the handlers take it through their deps (#38: what is left).
let area: RecallArea | undefined;

export const recallArea = (): RecallArea => (area ??= new RecallArea(defaultIndexHost()));

/**
 * Test seam: the next use makes a fresh area (a restarted worker), on `host` when given (unit tests: an in-memory
 * index); without it, on the same host, as the offscreen document outlives the service worker.
 */
export function resetRecallIndex(host?: PastCall): void {
  const next = host ?? area?.host;
  area = next ? new RecallArea(next) : undefined;
}
