// The insert preview as an extension page in an iframe (entrypoints/preview). The content script only places,
// shows, focuses and hides the frame: memory text lives in the frame's own document, whose origin is the
// extension's, so no page script can read it (an open shadow root could be read by any script, #5). The frame
// gets the page context and the block by extension messaging, never through this DOM.
//
// Kept warm: the frame is created hidden when the button mounts and only shown on "Insert memory". A frame
// created on the click measured 127–170 ms p50 to a ready preview with 10k memories (first click 281–532 ms:
// ~35 ms to fetch and parse the page's 260 kB of modules, ~35 ms to run React, ~30 ms of messages and render),
// over the 150 ms target. A booted hidden frame leaves only the messages and the render: p50 33–59 ms, first
// click 54–168 ms (bench:recall, 2-core machine under load; the old in-shadow panel: p50 9 ms, first 201 ms).
export const FRAME_TITLE = 'Engram: memory to insert';
/** Window messages between this script and the frame. They carry no data: only "show the preview now". */
export const FRAME_OPEN = 'engram:preview-open';
// Each open is numbered, and the frame acts on a number once: the same open can reach it twice (shown while it
// was still booting, then re-sent when it said it booted), and a second fresh preview would drop the user's
// removals (a Remove lost in an insert.e2e CI run).
export const openMessage = (n: number): string => `${FRAME_OPEN}:${n}`;
export function openNumber(data: unknown): number | null {
  const m = typeof data === 'string' ? /^engram:preview-open:(\d+)$/.exec(data) : null;
  return m ? Number(m[1]) : null;
}
export const FRAME_BOOTED = 'engram:preview-booted';
/** Hidden from the page's side (Escape on the page, a re-mount): the frame drops its lines at once. */
export const FRAME_CLOSE = 'engram:preview-close';

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
  /** Shows the frame, asks it for a fresh preview, and moves focus into it (keyboard users). */
  show(): void;
  hide(): void;
  isOpen(): boolean;
}

/** Creates the hidden frame in `parent`; it boots the preview page and waits for `show`. */
export function createPreviewFrame(parent: ShadowRoot | HTMLElement, src: string): PreviewFrame {
  const doc = parent.ownerDocument ?? document;
  const element = doc.createElement('iframe');
  element.title = FRAME_TITLE;
  element.src = src;
  element.style.cssText = FRAME_STYLE;
  element.hidden = true;
  let open = false;
  let opens = 0;
  // '*': the message holds no data, and a frame the page navigated elsewhere learns nothing from it.
  const post = (message = openMessage(opens)) => element.contentWindow?.postMessage(message, '*');
  // A click before the frame booted (or after a remount reloaded it) is answered when it says it is up.
  doc.defaultView?.addEventListener('message', (e) => {
    if (open && e.data === FRAME_BOOTED && e.source === element.contentWindow) post();
  });
  parent.append(element);
  return {
    element,
    show: () => {
      open = true;
      opens++;
      element.hidden = false;
      post();
      element.focus();
    },
    hide: () => {
      open = false;
      element.hidden = true;
      post(FRAME_CLOSE);
    },
    isOpen: () => open,
  };
}
