// Insert memory into DeepSeek's composer (#24): a plain <textarea>, typed into through its own value path
// (lib/inject/textarea.ts), which a React-controlled textarea sees as typing.
import { browserExecCommand, liveComposer } from '../../../test/fixtures/pages/composer';
import { hasSharedPages, loadPage, loadSharedPage } from '../../../test/fixtures/pages/load';
import { insertIntoComposer as insertBlock } from '../../inject/textarea';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- My balcony faces north.\n</engram-memory>';

afterEach(() => document.body.replaceChildren());

describe('DeepSeek composer', () => {
  it('types the block before the draft, through execCommand where the browser has it', () => {
    const composer = liveComposer(loadPage('deepseek-answers.html'), '._77cefa5', findComposer);
    if (!(composer instanceof HTMLTextAreaElement)) throw new Error('not a textarea');
    composer.value = 'What herbs?';
    const restore = browserExecCommand();
    try {
      expect(insertBlock(composer, BLOCK)).toEqual({ ok: true, method: 'execCommand' });
    } finally {
      restore();
    }
    expect(composer.value).toBe(`${BLOCK}\n\nWhat herbs?`);
  });

  it('falls back to the value setter and an input event the page listens to', () => {
    const composer = liveComposer(loadPage('deepseek-answers.html'), '._77cefa5', findComposer);
    const seen: string[] = [];
    composer.addEventListener('input', (event) => seen.push((event as InputEvent).inputType));
    expect(insertBlock(composer, BLOCK)).toEqual({ ok: true, method: 'value' });
    expect(seen).toEqual(['insertText']);
  });

  it.skipIf(!hasSharedPages())('finds the textarea in the real capture', () => {
    expect(findComposer(loadSharedPage('deepseek-2026-05-formatting.html'))?.localName).toBe('textarea');
  });
});
