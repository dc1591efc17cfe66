// Insert memory into Grok's TipTap (ProseMirror) editor, through the browser's own input path (insert.ts).
import { browserExecCommand, liveComposer } from '../../../test/fixtures/pages/composer';
import { hasSharedPages, loadPage, loadSharedPage } from '../../../test/fixtures/pages/load';
import { insertBlock } from '../../inject/insert';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- My balcony faces north.\n</engram-memory>';

afterEach(() => document.body.replaceChildren());

describe('Grok composer', () => {
  it('types the block into the editor as text', () => {
    const composer = liveComposer(loadPage('grok-answers.html'), '.query-bar', findComposer);
    const restore = browserExecCommand();
    try {
      expect(insertBlock(composer, BLOCK)).toEqual({ ok: true, method: 'execCommand' });
    } finally {
      restore();
    }
    expect(composer.textContent).toContain('- My balcony faces north.');
    expect(composer.getElementsByTagName('engram-memory')).toHaveLength(0);
  });

  it.skipIf(!hasSharedPages())('finds the same editor in both real captures', () => {
    for (const name of ['grok-2026-04.html', 'grok-2026-03-main.html'])
      expect(findComposer(loadSharedPage(name))?.closest('.query-bar')).not.toBeNull();
  });
});
