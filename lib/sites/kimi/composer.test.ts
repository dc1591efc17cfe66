// Insert memory into Kimi's editor (Lexical in `.chat-input-editor`), through the browser's own input path.
import { browserExecCommand, liveComposer } from '../../../test/fixtures/pages/composer';
import { loadPage } from '../../../test/fixtures/pages/load';
import { insertBlock } from '../../inject/insert';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- I bake on Saturdays.\n</engram-memory>';

afterEach(() => document.body.replaceChildren());

describe('Kimi composer', () => {
  it('types the block into the editor as text', () => {
    const composer = liveComposer(loadPage('kimi-answers.html'), '.chat-editor', findComposer);
    const restore = browserExecCommand();
    try {
      expect(insertBlock(composer, BLOCK)).toEqual({ ok: true, method: 'execCommand' });
    } finally {
      restore();
    }
    expect(composer.textContent).toContain('- I bake on Saturdays.');
    expect(composer.getElementsByTagName('engram-memory')).toHaveLength(0);
  });
});
