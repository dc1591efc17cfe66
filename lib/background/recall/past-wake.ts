// The past-chat index reopened as the service worker wakes (#39). MV3 stops an idle worker after ~30 s; the next
// click then waited for the index to open, and the open went out only once the click's own reads were done,
// behind its memory query: on the first click after a worker stop, the open left ~85 ms after the worker's script
// had loaded and the past chats came last (docs/recall.md, "Third stop"). A worker that wakes while the index's
// worker still lives (the offscreen document outlives the service worker, on Chrome) reopens the index and
// catches it up at once, when "Include past turns" is on. No document is made for it: where there is none
// (Firefox, or a browser that never needed one), the index opens at its first need, as before.
import type { Stop } from '../shared/service';
import { readSettings } from '../../settings';
import { recallArea, type RecallArea } from './recall-area';

export interface WakeDeps {
  /** Whether the index's worker is alive now (Chrome: the offscreen document is open), without starting it. */
  indexAlive: () => Promise<boolean>;
}

export function startPastAtWake({ indexAlive }: WakeDeps, area: () => RecallArea = recallArea): Stop {
  let stopped = false;
  const open = async () => {
    const [alive, settings] = await Promise.all([indexAlive(), readSettings()]);
    if (stopped || !alive || !settings.recall.rawTurns) return;
    await area().pastIndex.ready();
  };
  // A failure here is met again, and said, by the first recall that needs the index.
  open().catch(() => undefined);
  return () => void (stopped = true);
}
