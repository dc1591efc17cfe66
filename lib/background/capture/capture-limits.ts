// Where each tab's capture budget lives (capture-budget.ts, #25): session storage, so a page cannot reset it by
// letting the service worker idle out (MV3 stops it after ~30 s) and start again; cleared with the browser session.
// Captures are charged one at a time: two messages read-modify-writing the budget at once would both pass.
import { storage } from 'wxt/utils/storage';
import type { CaptureNotice } from '../../model/notice';
import type { Growth } from '../../store/capture-size';
import { activePause, charge, emptyBudget, pauseNotice, type TabBudget } from './capture-budget';

const MAX_TABS = 100;

const budgets = storage.defineItem<Record<string, TabBudget>>('session:captureBudget', { fallback: {} });

let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * Charges a capture of `key` that would add `growth` to the tab's budget, or refuses it: what the tab's
 * status says, with what was not stored. A message from no tab (tests, the extension's own pages) is not limited.
 */
export function chargeCapture(
  tabId: number | undefined,
  key: string,
  growth: Growth,
  now = Date.now(),
): Promise<CaptureNotice | null> {
  if (tabId === undefined) return Promise.resolve(null);
  return oneAtATime(async () => {
    const all = await budgets.getValue();
    const id = String(tabId);
    const { budget, pause } = charge(all[id] ?? emptyBudget(now), key, growth, now);
    // Most recent last, oldest first out, as the tab statuses (lib/store/status.ts).
    const entries = [...Object.entries(all).filter(([k]) => k !== id), [id, budget] as const];
    await budgets.setValue(Object.fromEntries(entries.slice(-MAX_TABS)));
    return pause && pauseNotice(pause);
  });
}

/** Why capture is paused on a tab showing `key`, as its status says it, or null. */
export async function capturePaused(tabId: number | undefined, key: string | null, now = Date.now()) {
  if (tabId === undefined) return null;
  const pause = activePause((await budgets.getValue())[String(tabId)], key, now);
  return pause && pauseNotice(pause);
}
