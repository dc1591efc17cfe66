// Insert memory into Gemini's Quill editor (#24): findComposer picks `div.ql-editor` inside `rich-textarea`, never
// Quill's hidden contenteditable clipboard beside it, and insert.ts types the block there as text.
import { browserExecCommand, liveComposer } from '../../../test/fixtures/pages/composer';
import { hasSharedPages, loadPage, loadSharedPage } from '../../../test/fixtures/pages/load';
import { insertBlock } from '../../inject/insert';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- I grow tomatoes.\n</engram-memory>';

afterEach(() => document.body.replaceChildren());

describe('Gemini composer', () => {
  it('types the block into the Quill editor as text, through the browser path Quill observes', () => {
    const composer = liveComposer(loadPage('gemini-answers.html'), 'rich-textarea', findComposer);
    const restore = browserExecCommand();
    try {
      expect(insertBlock(composer, BLOCK)).toEqual({ ok: true, method: 'execCommand' });
    } finally {
      restore();
    }
    expect(composer.textContent).toContain('- I grow tomatoes.');
    expect(document.querySelector('.ql-clipboard')?.textContent).toBe('');
    expect(composer.getElementsByTagName('engram-memory')).toHaveLength(0);
  });

  it('says so when nothing lands: Quill does not handle a bare beforeinput', () => {
    const composer = liveComposer(loadPage('gemini-answers.html'), 'rich-textarea', findComposer);
    expect(insertBlock(composer, BLOCK)).toMatchObject({ ok: false });
  });

  it.skipIf(!hasSharedPages())('finds the same editor in both real captures', () => {
    for (const name of ['gemini-2026-02-27.html', 'gemini-2026-05-formatting.html']) {
      const composer = findComposer(loadSharedPage(name));
      expect(composer?.closest('rich-textarea')).not.toBeNull();
      expect(composer?.getAttribute('role')).toBe('textbox');
    }
  });
});
