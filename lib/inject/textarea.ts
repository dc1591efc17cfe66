// Types the memory block into a plain <textarea> composer (DeepSeek, #24). A textarea's text is its value, not
// DOM text, so insert.ts's ranges and text nodes do not reach it: the selection is set on the value, and the
// block goes in as typed text, never markup.
import { blockSpan, holdsBlock, typedText } from './block-text';
import { insertBlock, type InsertResult } from './insert';

export type TextareaResult =
  { ok: true; method: 'execCommand' | 'value' } | { ok: false; error: 'notAccepted' };

/** Selects the block a previous insert left (so it is replaced), else puts the caret at the start. */
function selectTarget(area: HTMLTextAreaElement): { replacing: boolean } {
  const span = blockSpan(area.value);
  area.setSelectionRange(span?.start ?? 0, span?.end ?? 0);
  return { replacing: span !== null };
}

const landed = (area: HTMLTextAreaElement, block: string) => holdsBlock(area.value, block);

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
  const text = typedText(block, selectTarget(area).replacing);
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
