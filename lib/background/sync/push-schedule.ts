// When a local change is pushed (#15). A burst of writes (a capture writes its conversation, then its turns, within
// a second or two) should be one small segment, but a person who edits on one device and turns to the other should
// not wait: the old 3 s trailing debounce restarted at every write and then waited for the run, so an edit took
// 3.5–10 s to reach the storage (measured: see docs/sync.md). Now a push starts QUIET_MS after the last change,
// and never later than MAX_WAIT_MS after the first change of a burst, however long the burst lasts.

/** Quiet time after the last change: a capture's writes come within a few hundred ms of each other. */
export const QUIET_MS = 400;
/** A burst never delays the push longer than this after its first change. */
export const MAX_WAIT_MS = 1_200;

export interface Coalescer {
  /** A change: run at most QUIET_MS after it, and at most MAX_WAIT_MS after the burst's first change. */
  touch(): void;
  cancel(): void;
  /** The delay the last touch set, for tests and logs. */
  readonly pendingMs: number | null;
}

export function coalesce(run: () => void, quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS): Coalescer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let first: number | null = null;
  let pendingMs: number | null = null;
  const cancel = () => {
    clearTimeout(timer);
    first = null;
    pendingMs = null;
  };
  return {
    touch() {
      const now = Date.now();
      first ??= now;
      clearTimeout(timer);
      pendingMs = Math.max(0, Math.min(quietMs, first + maxWaitMs - now));
      timer = setTimeout(() => {
        cancel();
        run();
      }, pendingMs);
    },
    cancel,
    get pendingMs() {
      return pendingMs;
    },
  };
}
