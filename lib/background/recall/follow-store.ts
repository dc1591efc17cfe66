// The background's in-memory views of the store, each following every committed change (lib/store/changes.ts,
// #12): recall's memory index, the past-turn index, the embedding cache, the queue's running jobs, and the recalls
// a preview's open began (./page-recall.ts, dropped at any change). Started with the other services
// (../services.ts), and by tests that run the handlers as the background does: nothing subscribes by being
// imported (#26), so importing a module for one function never starts a service behind a test's back.
import { cancelRunsOnDelete } from '../../pipeline/queue';
import { stopAll, type Stop } from '../shared/service';
import { forgetVectorsOnClear } from './embedding-sync';
import { followEarlyRecalls } from './page-recall';
import { recallArea } from './recall-area';
import { onStoreChange } from '../../store/changes';
import { settingsItem } from '../../settings';

/** Starts every follower; the Stop ends them. They need nothing but the store and storage. */
export function startStoreFollowers(): Stop {
  return stopAll(
    onStoreChange((change) => recallArea().hear(change)),
    // "Redact secrets" rebuilds the past-chat index (./past-index.ts, #25).
    settingsItem.watch(() => recallArea().pastIndex.hearSettings()),
    forgetVectorsOnClear(),
    cancelRunsOnDelete(),
    followEarlyRecalls(() => recallArea().early),
  );
}
