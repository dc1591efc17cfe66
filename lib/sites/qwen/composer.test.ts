// Insert memory into Qwen Chat's composer: a plain <textarea>, typed into through its own value path.
import { liveComposer } from '../../../test/fixtures/pages/composer';
import { hasSharedPages, loadPage, loadSharedPage } from '../../../test/fixtures/pages/load';
import { qwenAdapter } from './adapter';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- My balcony faces north.\n</engram-memory>';

afterEach(() => document.body.replaceChildren());

describe('Qwen Chat composer', () => {
  it('types the block before the draft, through the value setter when there is no execCommand', () => {
    const composer = liveComposer(loadPage('qwen-answers.html'), '.message-input-container', findComposer);
    if (!(composer instanceof HTMLTextAreaElement)) throw new Error('not a textarea');
    composer.value = 'And thyme?';
    const seen: string[] = [];
    composer.addEventListener('input', (event) => seen.push((event as InputEvent).inputType));
    expect(qwenAdapter.insert?.(composer, BLOCK)).toEqual({ ok: true, method: 'value' });
    expect(composer.value).toBe(`${BLOCK}\n\nAnd thyme?`);
    expect(seen).toEqual(['insertText']);
  });

  it.skipIf(!hasSharedPages())('finds the textarea in the real capture', () => {
    expect(findComposer(loadSharedPage('qwen-2026-05-panel.html'))?.localName).toBe('textarea');
  });
});
