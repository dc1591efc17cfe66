// How long the preview frame has been plainly on screen without a break (#25 item 8). Chromium's frame waits for
// VISIBLE_MS of IntersectionObserver v2 visibility before it enables its confirm; in Firefox the frame only knows
// it is inside the viewport, so a page could keep the frame hidden and show it in the instant the pointer comes
// over it (a `:hover` rule does it without a script). So while the preview is open the content script looks every
// LOOK_MS (IntersectionObserver v2 looks every 100 ms too) and inserts only after VISIBLE_MS of plain sight.
import type { Sight } from './sight';

export const LOOK_MS = 100;

/** Chrome's own guard against clicks on a prompt that just appeared is 500 ms (InputEventActivationProtector). */
export const VISIBLE_MS = 500;

/** IntersectionObserver v2 (`isVisible`, Chromium): the frame's own guard sees what the page draws over it. */
export function hasVisibilityV2(win: typeof globalThis = globalThis): boolean {
  return (
    typeof win.IntersectionObserverEntry === 'function' &&
    'isVisible' in win.IntersectionObserverEntry.prototype
  );
}

/** `brief`: plain now, but not yet for VISIBLE_MS without a break. */
export type Verdict = Sight | 'brief';

export interface SightWatch {
  /** Looks now (`deep`: the careful look taken at the click) and says whether the frame may insert. */
  look(deep: boolean): Verdict;
  stop(): void;
}

export interface WatchClock {
  now(): number;
  every(run: () => void, ms: number): () => void;
}

const realClock: WatchClock = {
  now: () => performance.now(),
  every: (run, ms) => {
    const id = setInterval(run, ms);
    return () => clearInterval(id);
  },
};

/** Starts looking at once; `onLook` hears every look. */
export function watchSight(
  check: (deep: boolean) => Sight,
  onLook: (sight: Sight) => void,
  visibleMs: number,
  clock: WatchClock = realClock,
): SightWatch {
  let since: number | null = null;
  let last = -Infinity;
  const look = (deep: boolean): Verdict => {
    const now = clock.now();
    const sight = check(deep);
    // A gap longer than visibleMs since the last look (a page that kept the thread busy, a tab in the
    // background) restarts the count: what the page showed meanwhile is unknown.
    if (sight !== 'plain') since = null;
    else if (since === null || now - last > visibleMs) since = now;
    last = now;
    onLook(sight);
    if (sight !== 'plain' || since === null) return sight;
    return now - since >= visibleMs ? 'plain' : 'brief';
  };
  look(false);
  return { look, stop: clock.every(() => look(false), LOOK_MS) };
}
