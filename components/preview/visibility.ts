// When may the frame's confirm be clicked? Only once it has been plainly on screen for VISIBLE_MS (#11): a page
// can make the frame transparent, cover it, or move it away, then wait for the person's next click or Enter.
// IntersectionObserver v2 (`trackVisibility`, Chromium) says whether the target is actually visible: not
// faded by any ancestor (in the page too), not covered, not transformed or filtered. Where the browser lacks it
// (Firefox), the frame waits for the same time fully in view, and the content script watches the page's side:
// the styles of everything the frame is drawn inside, its size, what covers it (lib/inject/sight.ts, #25).
import { hasVisibilityV2, VISIBLE_MS } from '../../lib/inject/watch';
import { recordLook } from './looks';

type V2Entry = IntersectionObserverEntry & { isVisible?: boolean };

/**
 * Calls `onChange(true)` once `target` has been fully in view (and visible, where the browser can tell) for
 * `ms`, and `onChange(false)` the moment it is not. Returns the stop.
 */
export function watchVisibility(
  target: Element,
  onChange: (ready: boolean) => void,
  ms = VISIBLE_MS,
): () => void {
  const v2 = hasVisibilityV2();
  let ready = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const set = (visible: boolean) => {
    clearTimeout(timer);
    if (visible && !ready) timer = setTimeout(() => onChange((ready = true)), ms);
    if (!visible && ready) onChange((ready = false));
  };
  let seen = false;
  const check = () => {
    const visible = seen && document.visibilityState === 'visible';
    recordLook(visible);
    set(visible);
  };
  const options = { threshold: [0, 0.99, 1], ...(v2 ? { trackVisibility: true, delay: 100 } : {}) };
  const observer = new IntersectionObserver((entries) => {
    const e = entries.at(-1) as V2Entry | undefined;
    seen = !!e && e.isIntersecting && e.intersectionRatio >= 0.99 && (!v2 || e.isVisible === true);
    check();
  }, options);
  observer.observe(target);
  // A tab sent to the background is not on screen; back in front, the last observation holds again.
  document.addEventListener('visibilitychange', check);
  return () => {
    clearTimeout(timer);
    observer.disconnect();
    document.removeEventListener('visibilitychange', check);
  };
}
