// Insert memory into AI Studio's prompt box: a plain <textarea>, typed into through its own value path.
import { liveComposer } from '../../../test/fixtures/pages/composer';
import { loadPage } from '../../../test/fixtures/pages/load';
import { aistudioAdapter } from './adapter';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- I bake on Saturdays.\n</engram-memory>';

afterEach(() => document.body.replaceChildren());

describe('AI Studio composer', () => {
  it('types the block before the draft', () => {
    const composer = liveComposer(loadPage('aistudio-answers.html'), 'ms-prompt-input-wrapper', findComposer);
    if (!(composer instanceof HTMLTextAreaElement)) throw new Error('not a textarea');
    composer.value = 'Rye?';
    expect(aistudioAdapter.insert?.(composer, BLOCK)).toEqual({ ok: true, method: 'value' });
    expect(composer.value).toBe(`${BLOCK}\n\nRye?`);
  });

  // The Build page's textarea in the real capture: parse.test.ts, which parses that page once.
});
