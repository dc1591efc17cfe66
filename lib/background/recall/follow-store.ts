// The background's in-memory views of the store, each following every committed change (lib/store/changes.ts,
// #12): recall's memory index, the past-turn index, the embedding cache and the queue's running jobs. Started by
// entrypoints/background.ts, and by tests that run the handlers as the background does: nothing subscribes by
// being imported (#26), so importing a module for one function never starts a service behind a test's back.
import { cancelRunsOnDelete } from '../../pipeline/queue';
import { forgetVectorsOnClear } from './embedding-sync';
import { followPastTurns } from './past-index';
import { followMemories } from './preview-recall';

let stop: (() => void) | null = null;

/** Starts every follower, once; returns the stop. */
export function followStore(): () => void {
  if (stop) return stop;
  const stops = [followMemories(), followPastTurns(), forgetVectorsOnClear(), cancelRunsOnDelete()];
  stop = () => {
    for (const s of stops) s();
    stop = null;
  };
  return stop;
}
