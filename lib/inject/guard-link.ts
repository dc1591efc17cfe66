// How the site's content script reaches the preview's on-screen guard (guard.ts, #25 item 8). The guard is a
// content script of its own (entrypoints/preview-guard.content.ts): the site scripts were within 560 bytes of their
// 50 kB budget (chatgpt.js 50,640 bytes) and the guard is 5 kB. Content scripts of one extension share one
// isolated world per frame in Chromium and Firefox, so the guard leaves itself on that world's global, which no
// page script can reach.
import type { Sight } from './sight';
import type { SightWatch } from './watch';

export const GUARD_KEY = 'engramPreviewGuard';

/** What the guard needs to know of the frame it watches. */
export interface FrameShape {
  /** Its border box when nothing scales it. */
  size(view: Window): { width: number; height: number };
  /** Its rounded corners, which hit testing does not count as part of it. */
  radius: number;
}

export interface PreviewGuard {
  /** Looks at `el` now and every LOOK_MS until stopped; `onLook` hears each look. */
  watch(el: HTMLElement, shape: FrameShape, onLook: (sight: Sight) => void): SightWatch;
}

/** The guard, or a stand-in that never lets the frame insert when it did not load. */
export function previewGuard(): PreviewGuard {
  const guard = (globalThis as { [GUARD_KEY]?: PreviewGuard })[GUARD_KEY];
  return guard ?? { watch: () => ({ look: () => 'hidden', stop: () => undefined }) };
}
