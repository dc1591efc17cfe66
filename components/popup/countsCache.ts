// The popup's last counts, cached in the extension origin's localStorage (synchronous, so the first render
// has them). Chromium's IDBIndex.count walks the index: 50–150 ms for 10,000 memories (measured in
// test/e2e/manager.e2e.ts), too slow for a popup that must show its counts within 100 ms (#6). The exact live
// count replaces the cached one as soon as it arrives. (Writing them to chrome.storage from the background's
// liveQuery instead stalled the content script's getMemoryBlock reply in Chromium; not pursued.)
import type { PopupCounts } from '../../lib/store/views';

const KEY = 'engram:popup-counts';

export function cachedCounts(): PopupCounts | null {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return null;
    const c = parsed as Record<string, unknown>;
    const ok = ['memories', 'pending', 'failedJobs'].every((k) => typeof c[k] === 'number');
    return ok ? (parsed as PopupCounts) : null;
  } catch {
    return null;
  }
}

export function cacheCounts(counts: PopupCounts): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(counts));
  } catch {
    // A full or disabled localStorage only costs the next popup its head start.
  }
}
