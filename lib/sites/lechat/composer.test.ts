// Insert memory into Le Chat's composer (#24): a ProseMirror editor in the chat form, like ChatGPT's and Claude's,
// typed into through its own input path (ProseMirror handles beforeinput; execCommand raises it in a browser).
import { liveComposer } from '../../../test/fixtures/pages/composer';
import { hasSharedPages, loadPage, loadSharedPage } from '../../../test/fixtures/pages/load';
import { lechatAdapter } from './adapter';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- I bake on Saturdays.\n</engram-memory>';

/** ProseMirror's part: it cancels each beforeinput insertText and writes the text into its own document. */
function proseMirror(editor: HTMLElement): void {
  editor.addEventListener('beforeinput', (event) => {
    if (!(event instanceof InputEvent) || event.inputType !== 'insertText' || event.data === null) return;
    event.preventDefault();
    const range = document.getSelection()?.getRangeAt(0);
    range?.deleteContents();
    range?.insertNode(document.createTextNode(event.data));
  });
}

afterEach(() => document.body.replaceChildren());

describe('Le Chat composer', () => {
  it('types the block into the ProseMirror editor as text, before the draft', () => {
    const composer = liveComposer(loadPage('lechat-answers.html'), 'form', findComposer);
    proseMirror(composer);
    composer.firstElementChild?.append('Rye or wheat?');
    const insert = lechatAdapter.insert;
    expect(insert?.(composer, BLOCK)).toEqual({ ok: true, method: 'beforeinput' });
    expect(composer.textContent).toMatch(/^<engram-memory>[\s\S]*Rye or wheat\?$/);
    expect(composer.getElementsByTagName('engram-memory')).toHaveLength(0);
  });

  it.skipIf(!hasSharedPages())('finds the ProseMirror editor in the chat form of the real capture', () => {
    const composer = findComposer(loadSharedPage('lechat-2026-05-formatting.html'));
    expect(composer?.classList.contains('ProseMirror')).toBe(true);
    expect(composer?.closest('form')).not.toBeNull();
  });
});
