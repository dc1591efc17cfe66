// The insert preview as an extension page in an iframe (entrypoints/preview). The content script only places,
// shows, focuses and hides the frame: memory text lives in the frame's own document, whose origin is the
// extension's, so no page script can read it (an open shadow root could be read by any script, #5).
//
// The page is the attacker (#11): it can click, type, post messages and embed its own copy of preview.html.
// So the frame sits in the button's *closed* shadow root (its URL is not readable from the page); it is loaded
// with a one-time token the background gave this script (lib/background/preview/preview-frames.ts), and it takes
// open and close orders from the background only, never from window.postMessage. This script asks for an
// open only on a real click or key (lib/page/session.ts), and inserts the frame's confirm only once the frame has
// been open and plainly on screen for VISIBLE_MS: the page's side of the check, watched while the frame is open
// and taken again, more carefully, at the click (guard.ts; the whole guard where IntersectionObserver v2 is
// missing, #25 item 8).
//
// Kept warm: the frame is created hidden when the button mounts and only shown on "Insert memory". A frame
// created on the click measured 127–170 ms p50 to a ready preview with 10k memories (first click 281–532 ms),
// over the 150 ms target; a booted hidden frame leaves only the messages and the render (bench:recall).
import type { PreviewContext } from '../model/messages';
import type { z } from 'zod/mini';
import { previewGuard, type FrameShape } from './guard-link';
import type { Sight } from './sight';
import type { SightWatch, Verdict } from './watch';
import { pageWord } from './words';

export interface FrameTransport {
  /** The preview page's URL (`runtime.getURL`). */
  url: string;
  /** A one-time token for a new frame document. */
  register(): Promise<{ token: string }>;
  show(context: z.input<typeof PreviewContext>): Promise<unknown>;
  hide(): Promise<unknown>;
}

const WIDTH = 460;
const HEIGHT = 400;
const BORDER = 1;
const RADIUS = 12;
const FRAME_STYLE = [
  'position:absolute',
  'bottom:calc(100% + 6px)',
  'left:0',
  `width:min(${WIDTH}px,90vw)`,
  `height:min(${HEIGHT}px,70vh)`,
  `border:${BORDER}px solid rgba(127,127,127,.4)`,
  `border-radius:${RADIUS}px`,
  'box-shadow:0 8px 24px rgba(0,0,0,.18)',
  'background:Canvas',
  'color-scheme:light dark',
  'z-index:2147483647',
].join(';');

export interface PreviewFrame {
  element: HTMLIFrameElement;
  /** Shows the frame, asks the background to open it with this context, and moves focus into it. */
  show(context: z.input<typeof PreviewContext>): void;
  hide(): void;
  isOpen(): boolean;
  /** A new token and document: a frame moved in the DOM reloads, and its old token is spent. */
  reload(): void;
  /** Looks carefully now: `plain` once it has been open and plainly on screen for VISIBLE_MS without a break. */
  verdict(): Verdict | 'closed';
}

const SHAPE: FrameShape = {
  size: (view) => ({
    width: Math.min(WIDTH, view.innerWidth * 0.9) + 2 * BORDER,
    height: Math.min(HEIGHT, view.innerHeight * 0.7) + 2 * BORDER,
  }),
  radius: RADIUS,
};

/**
 * The frame is placed against its host (`bottom: 100%` of it) and above the page, so the host is positioned and
 * stacked while the frame is open, and only then: at rest, a stacking context beside the chat's scroller cost the
 * page compositing work on every frame of a streaming answer (#24 bench:capture, Gemini, busy-time ratio 1.074 →
 * 1.020, median of 13 pairs).
 */
function raise(parent: ShadowRoot | HTMLElement, up: boolean): void {
  const host = parent instanceof HTMLElement ? parent : parent.host;
  if (!(host instanceof HTMLElement)) return;
  host.style.position = up ? 'relative' : '';
  host.style.zIndex = up ? '10' : '';
}

function hiddenFrame(doc: Document): HTMLIFrameElement {
  const element = doc.createElement('iframe');
  element.title = pageWord('frameTitle');
  element.style.cssText = FRAME_STYLE;
  element.hidden = true;
  return element;
}

/**
 * Creates the hidden frame in `parent`; it boots the preview page and waits for an order. `onLook` hears what
 * each look at the open frame saw.
 */
export function createPreviewFrame(
  parent: ShadowRoot | HTMLElement,
  t: FrameTransport,
  onLook: (sight: Sight) => void = () => undefined,
): PreviewFrame {
  const element = hiddenFrame(parent.ownerDocument ?? document);
  let watch: SightWatch | null = null;
  // Whether the frame has a token: a registration whose answer was lost (the service worker stopped while it
  // answered, as MV3 does to an idle worker) left a frame that never loads, and every open waited for its hello
  // (past-scale.e2e under load, 2026-12-07). The next open asks again.
  let registered: Promise<boolean> = Promise.resolve(false);
  const load = () =>
    (registered = t.register().then(
      ({ token }) => ((element.src = `${t.url}#${token}`), true),
      () => false,
    ));
  void load();
  parent.append(element);
  return {
    element,
    show: (context) => {
      raise(parent, true);
      element.hidden = false;
      element.focus();
      watch ??= previewGuard().watch(element, SHAPE, onLook);
      void registered
        .then((ok) => ok || load())
        .then((ok) => (ok ? t.show(context) : undefined))
        .catch(() => undefined);
    },
    hide: () => {
      watch?.stop();
      watch = null;
      element.hidden = true;
      raise(parent, false);
      onLook('away');
      void t.hide().catch(() => undefined);
    },
    isOpen: () => watch !== null,
    reload: () => void load(),
    verdict: () => watch?.look(true) ?? 'closed',
  };
}
