// Puts plain text into a ProseMirror/contenteditable composer the way typing would, so the editor's own
// state sees it. Never innerHTML: memory text must never become markup (supermemory shipped that XSS; #5).
import { BLOCK_CLOSE, BLOCK_OPEN } from '../recall/markers';
import { holdsBlock, typedText } from './block-text';

export type InsertResult =
  | { ok: true; method: 'execCommand' | 'beforeinput' | 'value' }
  /** The page's words for why (#37: words.ts says them in the person's language). */
  | { ok: false; error: 'notAccepted' };

/** A Range covering an existing Engram block inside the composer, or null. */
function existingBlock(composer: HTMLElement): Range | null {
  const walker = composer.ownerDocument.createTreeWalker(composer, NodeFilter.SHOW_TEXT);
  let start: { node: Node; offset: number } | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (!start) {
      const at = text.indexOf(BLOCK_OPEN);
      if (at !== -1) start = { node, offset: at };
    }
    const close = start ? text.indexOf(BLOCK_CLOSE, node === start.node ? start.offset : 0) : -1;
    if (start && close !== -1) {
      const range = composer.ownerDocument.createRange();
      range.setStart(start.node, start.offset);
      range.setEnd(node, close + BLOCK_CLOSE.length);
      return range;
    }
  }
  return null;
}

/** Selects the old block if there is one (so it gets replaced), else places the caret at the start. */
function selectTarget(composer: HTMLElement): { replacing: boolean } {
  const doc = composer.ownerDocument;
  const selection = doc.getSelection();
  if (!selection) return { replacing: false };
  let range = existingBlock(composer);
  const replacing = range !== null;
  if (!range) {
    range = doc.createRange();
    range.selectNodeContents(composer);
    range.collapse(true);
  }
  selection.removeAllRanges();
  selection.addRange(range);
  return { replacing };
}

const landed = (composer: HTMLElement, block: string) => holdsBlock(composer.textContent ?? '', block);

export function insertBlock(composer: HTMLElement, block: string): InsertResult {
  composer.focus();
  const payload = typedText(block, selectTarget(composer).replacing);
  const doc = composer.ownerDocument;
  // execCommand is deprecated but is still the one path every editor treats as real typing.
  const viaCommand = typeof doc.execCommand === 'function' && doc.execCommand('insertText', false, payload);
  if (viaCommand && landed(composer, block)) return { ok: true, method: 'execCommand' };
  const event = new InputEvent('beforeinput', {
    inputType: 'insertText',
    data: payload,
    bubbles: true,
    cancelable: true,
  });
  composer.dispatchEvent(event);
  if (landed(composer, block)) return { ok: true, method: 'beforeinput' };
  return { ok: false, error: 'notAccepted' };
}
