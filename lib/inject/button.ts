// The in-page "Insert memory" button. Vanilla DOM in a closed shadow root: the page's CSS cannot restyle it,
// its scripts cannot reach the button or the preview frame beside it (an open root let a page `.click()` it
// and read the frame's URL, #11), and no React loads in a content script (#2, #5). Its words are Engram's own,
// in the person's language (words.ts, #37); memory
// text never enters the page DOM except through the composer's own input path: the preview is an extension
// frame (frame.ts). Only a real click counts: `isTrusted` is false for one a script made.
import { insertLabel } from './words';

const HOST_TAG = 'engram-insert';

const STYLE = `
  :host { font: 13px/1.35 system-ui, sans-serif; color: CanvasText; }
  button { font: 500 13px/1 system-ui, sans-serif; padding: 6px 10px; border-radius: 999px; cursor: pointer;
    border: 1px solid rgba(127,127,127,.4); background: Canvas; color: CanvasText; }
  button:focus-visible { outline: 2px solid Highlight; outline-offset: 2px; }
  button[aria-busy="true"] { opacity: .6; }
  .offer { animation: pulse 1.6s ease-in-out 3; }
  @keyframes pulse { 50% { box-shadow: 0 0 0 6px rgba(80,140,255,.35); } }
  [role=status] { font-size: 12px; margin: 0 0 0 8px; }
`;

export interface ButtonHandle {
  host: HTMLElement;
  shadow: ShadowRoot;
  setStatus(text: string): void;
  /** "Offer memory on new chats": a count badge and a short pulse; null clears it. Never inserts. */
  setOffer(count: number | null): void;
  /** Says the label again in the words now set (the person changed language). */
  relabel(): void;
}

export function createInsertButton(doc: Document, onClick: () => Promise<void>): ButtonHandle {
  const host = doc.createElement(HOST_TAG);
  // No position or z-index at rest: the preview frame raises the host only while it is open (frame.ts raise).
  host.style.cssText = 'display:inline-flex;align-items:center;margin:4px 0';
  const shadow = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = STYLE;
  const button = doc.createElement('button');
  button.type = 'button';
  let offered: number | null = null;
  const relabel = () => void (button.textContent = insertLabel(offered));
  relabel();
  const status = doc.createElement('span');
  status.setAttribute('role', 'status');
  button.addEventListener('click', (e) => {
    if (!e.isTrusted) return;
    button.setAttribute('aria-busy', 'true');
    void onClick().finally(() => button.removeAttribute('aria-busy'));
  });
  shadow.append(style, button, status);
  const setOffer = (count: number | null) => {
    button.classList.toggle('offer', count !== null && count > 0);
    offered = count;
    relabel();
  };
  return { host, shadow, setStatus: (text) => (status.textContent = text), setOffer, relabel };
}

/** Places the button just before the composer's form (or its parent), once; returns false when no composer. */
export function mountNear(composer: HTMLElement | null, handle: ButtonHandle): boolean {
  if (!composer) return false;
  if (handle.host.isConnected) return true;
  const anchor = composer.closest('form') ?? composer.parentElement;
  if (!anchor?.parentElement) return false;
  anchor.parentElement.insertBefore(handle.host, anchor);
  return true;
}
