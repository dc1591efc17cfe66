// The insert preview as an extension page in an iframe (entrypoints/preview). The content script only places,
// shows, focuses and hides the frame: memory text lives in the frame's own document, whose origin is the
// extension's, so no page script can read it (an open shadow root could be read by any script, #5).
//
// The page is the attacker (#11): it can click, type, post messages and embed its own copy of preview.html.
// So the frame sits in the button's *closed* shadow root (its URL is not readable from the page); it is loaded
// with a one-time token the background gave this script (lib/background/preview-frames.ts), and it takes
// open and close orders from the background only, never from window.postMessage. This script asks for an
// open only on a real click or key (session.ts), and inserts the frame's confirm only while the frame is
// open and plainly on screen (`onScreen`, also the check where IntersectionObserver v2 is missing).
//
// Kept warm: the frame is created hidden when the button mounts and only shown on "Insert memory". A frame
// created on the click measured 127–170 ms p50 to a ready preview with 10k memories (first click 281–532 ms),
// over the 150 ms target; a booted hidden frame leaves only the messages and the render (bench:recall).
import type { PreviewContext } from '../model/messages';
import type { z } from 'zod/mini';

export const FRAME_TITLE = 'Engram: memory to insert';

export interface FrameTransport {
  /** The preview page's URL (`runtime.getURL`). */
  url: string;
  /** A one-time token for a new frame document. */
  register(): Promise<{ token: string }>;
  show(context: z.input<typeof PreviewContext>): Promise<unknown>;
  hide(): Promise<unknown>;
}

const FRAME_STYLE = [
  'position:absolute',
  'bottom:calc(100% + 6px)',
  'left:0',
  'width:min(460px,90vw)',
  'height:min(400px,70vh)',
  'border:1px solid rgba(127,127,127,.4)',
  'border-radius:12px',
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
  /** Open, mostly inside the viewport, not faded, hidden or covered at its centre. */
  onScreen(): boolean;
}

/** The element and everything it is drawn inside, across shadow roots. */
function* ancestry(el: Element): Generator<Element> {
  for (let n: Element | null = el; n; n = n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null))
    yield n;
}

export function plainlyOnScreen(el: HTMLElement): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view || el.hidden) return false;
  const r = el.getBoundingClientRect();
  const w = Math.min(r.right, view.innerWidth) - Math.max(r.left, 0);
  const h = Math.min(r.bottom, view.innerHeight) - Math.max(r.top, 0);
  if (w <= 0 || h <= 0 || w * h < 0.5 * r.width * r.height) return false;
  for (const n of ancestry(el)) {
    const s = view.getComputedStyle(n);
    if (Number(s.opacity) < 1 || s.visibility !== 'visible' || s.filter !== 'none') return false;
  }
  // What the page shows at the frame's centre must be the frame (the host, seen from this document).
  const top = el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return top === el || [...ancestry(el)].includes(top as Element);
}

/** Creates the hidden frame in `parent`; it boots the preview page and waits for an order. */
export function createPreviewFrame(parent: ShadowRoot | HTMLElement, t: FrameTransport): PreviewFrame {
  const doc = parent.ownerDocument ?? document;
  const element = doc.createElement('iframe');
  element.title = FRAME_TITLE;
  element.style.cssText = FRAME_STYLE;
  element.hidden = true;
  let open = false;
  let registered: Promise<unknown> = Promise.resolve();
  const load = () =>
    (registered = t.register().then(
      ({ token }) => (element.src = `${t.url}#${token}`),
      () => undefined,
    ));
  load();
  parent.append(element);
  return {
    element,
    show: (context) => {
      open = true;
      element.hidden = false;
      element.focus();
      void registered.then(() => t.show(context)).catch(() => undefined);
    },
    hide: () => {
      open = false;
      element.hidden = true;
      void t.hide().catch(() => undefined);
    },
    isOpen: () => open,
    reload: load,
    onScreen: () => open && plainlyOnScreen(element),
  };
}
