// Lists whose items remove themselves (Approve, Reject, Keep this version, Restore, Delete forever): the pressed
// button goes away with its item, and focus fell to the page body (#16, the sibling of Add memory and Delete
// everything). When that happens, focus moves to the item now in its place (the last one at the end of the list)
// so keyboard users go on where they were, or to `empty` when nothing is left.
import { useLayoutEffect, useRef, type FocusEvent } from 'react';

/** The element id of an item marked with keepFocusItem. */
export const keepFocusId = (key: string) => `keep-focus-${key}`;

/** Marks an item: its key, and focusable from code (tabIndex -1) so its accessible name is read. */
export const keepFocusItem = (key: string) => ({ id: keepFocusId(key), 'data-focus-key': key, tabIndex: -1 });

/** `onFocus` goes on an element around the list, where focus events from inside its items bubble up. */
export function useKeepFocus(keys: readonly string[] | undefined, emptyId: string) {
  /** The key of the item that last had focus inside the list, and the keys as they were before this render. */
  const last = useRef<string | null>(null);
  const before = useRef<readonly string[]>([]);
  const onFocus = (e: FocusEvent) => {
    const item = (e.target as HTMLElement).closest<HTMLElement>('[data-focus-key]');
    if (item?.dataset.focusKey !== undefined) last.current = item.dataset.focusKey;
  };
  useLayoutEffect(() => {
    const was = last.current;
    const index = was === null ? -1 : before.current.indexOf(was);
    before.current = keys ?? [];
    if (was === null || !keys || keys.includes(was)) return;
    last.current = null;
    // Only when focus was lost: if the person has moved on, it stays where they put it.
    if (document.activeElement && document.activeElement !== document.body) return;
    // By key, not DOM position: a virtual list renders only the rows in view.
    const next = keys[Math.min(Math.max(index, 0), keys.length - 1)];
    (
      document.getElementById(next === undefined ? emptyId : keepFocusId(next)) ??
      document.getElementById(emptyId)
    )?.focus();
    // `emptyId` is a constant of the caller. `keys` by identity: a virtual list of 10,000 memories passes a
    // memoised array, so nothing is joined or compared per render (manager.e2e times its search).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys]);
  return onFocus;
}

/** How long an element asked for may take to appear (a reply, then a live query, then a virtual row's render). */
const APPEAR_MS = 5_000;

/**
 * Focuses the element `id` once it is in the page, unless the person has put focus somewhere meanwhile. Extension
 * page only: it watches the page's DOM until the element appears, or APPEAR_MS at most.
 */
export function focusWhenShown(id: string): void {
  // Called from the button that is about to go away: focus on it, or on the body after it went, counts as lost.
  const from = document.activeElement;
  const lost = () => !document.activeElement || [document.body, from].includes(document.activeElement);
  const found = () => {
    const el = document.getElementById(id);
    if (el && lost()) el.focus();
    return el !== null || !lost();
  };
  if (found()) return;
  const watch = new MutationObserver(() => found() && watch.disconnect());
  watch.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => watch.disconnect(), APPEAR_MS);
}
