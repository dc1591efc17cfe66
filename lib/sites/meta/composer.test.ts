// Insert memory into Meta AI's editor (Lexical in the composer form), through the browser's own input path.
import { browserExecCommand, liveComposer } from '../../../test/fixtures/pages/composer';
import { loadPage } from '../../../test/fixtures/pages/load';
import { metaAdapter } from './adapter';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- My balcony faces north.\n</engram-memory>';

afterEach(() => document.body.replaceChildren());

describe('Meta AI composer', () => {
  it('types the block into the editor as text', () => {
    const composer = liveComposer(loadPage('meta-answers.html'), 'form.composer', findComposer);
    const restore = browserExecCommand();
    try {
      expect(metaAdapter.insert?.(composer, BLOCK)).toEqual({ ok: true, method: 'execCommand' });
    } finally {
      restore();
    }
    expect(composer.textContent).toContain('- My balcony faces north.');
  });
});
