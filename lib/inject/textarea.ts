// Types the memory block into a plain <textarea> composer (DeepSeek, #24). A textarea's text is its value, not
// DOM text, so insert.ts's ranges and text nodes do not reach it: the selection is set on the value, and the
// block goes in as typed text, never markup.
import { BLOCK_CLOSE, BLOCK_OPEN } from '../recall/markers';
import { insertBlock, type InsertResult } from './insert';

export type TextareaResult =
  { ok: true; method: 'execCommand' | 'value' } | { ok: false; error: 'notAccepted' };

/** Selects the block a previous insert left (so it is replaced), else puts the caret at the start. */
function selectTarget(area: HTMLTextAreaElement): { replacing: boolean } {
  const start = area.value.indexOf(BLOCK_OPEN);
  const close = start === -1 ? -1 : area.value.indexOf(BLOCK_CLOSE, start);
  if (close === -1) {
    area.setSelectionRange(0, 0);
    return { replacing: false };
  }
  area.setSelectionRange(start, close + BLOCK_CLOSE.length);
  return { replacing: true };
}

function landed(area: HTMLTextAreaElement, block: string): boolean {
  const firstLine = block.split('\n', 2)[1] ?? block;
  return area.value.includes(BLOCK_OPEN) && area.value.includes(firstLine.slice(0, 40));
}

/**
 * The value through the prototype's setter, then an input event: React-controlled textareas (DeepSeek's) track
 * the instance's value and ignore a change that did not come through the native setter.
 */
function setValue(area: HTMLTextAreaElement, text: string): void {
  const view = area.ownerDocument.defaultView;
  const proto = view ? view.HTMLTextAreaElement.prototype : Object.getPrototypeOf(area);
  const { selectionStart, selectionEnd, value } = area;
  const next = value.slice(0, selectionStart) + text + value.slice(selectionEnd);
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(area, next);
  area.setSelectionRange(selectionStart + text.length, selectionStart + text.length);
  area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
}

export function insertIntoTextarea(area: HTMLTextAreaElement, block: string): TextareaResult {
  area.focus();
  const { replacing } = selectTarget(area);
  const text = replacing ? block : `${block}\n\n`;
  const doc = area.ownerDocument;
  // execCommand keeps the editor's undo history and fires the page's own input events, as typing does.
  if (
    typeof doc.execCommand === 'function' &&
    doc.execCommand('insertText', false, text) &&
    landed(area, block)
  )
    return { ok: true, method: 'execCommand' };
  setValue(area, text);
  if (landed(area, block)) return { ok: true, method: 'value' };
  return { ok: false, error: 'notAccepted' };
}

const isTextarea = (el: HTMLElement): el is HTMLTextAreaElement => el.localName === 'textarea';

/**
 * A site whose composer may be a textarea (DeepSeek's is; Perplexity's and Le Chat's were until 2025) inserts
 * through this; ChatGPT and Claude use insert.ts alone, so their content scripts do not carry this file (#24).
 */
export function insertIntoComposer(composer: HTMLElement, block: string): InsertResult {
  return isTextarea(composer) ? insertIntoTextarea(composer, block) : insertBlock(composer, block);
}
