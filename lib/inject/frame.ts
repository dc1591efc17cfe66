// The insert preview as an extension page in an iframe (entrypoints/preview). The content script only places,
// focuses and removes the frame: memory text lives in the frame's own document, whose origin is the
// extension's, so no page script can read it (an open shadow root could be read by any script, #5). The frame
// gets the page context and the block by extension messaging, never through this DOM.
export const FRAME_TITLE = 'Engram: memory to insert';

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

/** Creates the frame in `parent` and moves focus into it once it has loaded (keyboard users). */
export function openFrame(parent: ShadowRoot | HTMLElement, src: string): HTMLIFrameElement {
  const doc = parent.ownerDocument ?? document;
  const frame = doc.createElement('iframe');
  frame.title = FRAME_TITLE;
  frame.src = src;
  frame.style.cssText = FRAME_STYLE;
  frame.addEventListener('load', () => frame.focus(), { once: true });
  parent.append(frame);
  return frame;
}
