// Insert memory into Perplexity's Lexical editor (#24): findComposer picks `div#ask-input`, and insert.ts types
// the block through the editor's own input path (Lexical handles beforeinput itself; execCommand raises it).
import { liveComposer } from '../../../test/fixtures/pages/composer';
import { hasSharedPages, loadPage, loadSharedPage } from '../../../test/fixtures/pages/load';
import { insertBlock } from '../../inject/insert';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- I live in Lisbon.\n</engram-memory>';

/** Lexical's part: it takes each beforeinput insertText, cancels it and writes the text into its own state. */
function lexical(editor: HTMLElement): void {
  editor.addEventListener('beforeinput', (event) => {
    if (!(event instanceof InputEvent) || event.inputType !== 'insertText' || event.data === null) return;
    event.preventDefault();
    const range = document.getSelection()?.getRangeAt(0);
    range?.deleteContents();
    range?.insertNode(document.createTextNode(event.data));
  });
}

afterEach(() => document.body.replaceChildren());

describe('Perplexity composer', () => {
  it('types the block into the Lexical editor as text', () => {
    const composer = liveComposer(
      loadPage('perplexity-answers.html'),
      '[data-ask-input-container]',
      findComposer,
    );
    lexical(composer);
    expect(insertBlock(composer, BLOCK)).toEqual({ ok: true, method: 'beforeinput' });
    expect(composer.textContent?.startsWith('<engram-memory>')).toBe(true);
    expect(composer.getElementsByTagName('engram-memory')).toHaveLength(0);
  });

  it.skipIf(!hasSharedPages())(
    'finds the Lexical editor in the real capture, not the capturer’s highlighter',
    () => {
      const composer = findComposer(loadSharedPage('perplexity-2026-02-27.html'));
      expect(composer?.id).toBe('ask-input');
      expect(composer?.getAttribute('contenteditable')).toBe('true');
    },
  );
});
