// Insert memory into Copilot's composer: a plain <textarea>, typed into through its own value path
// (lib/inject/textarea.ts), which a React-controlled textarea sees as typing.
import { browserExecCommand, liveComposer } from '../../../test/fixtures/pages/composer';
import { hasSharedPages, loadPage, loadSharedPage } from '../../../test/fixtures/pages/load';
import { copilotAdapter } from './adapter';
import { findComposer } from './parse';

const BLOCK = '<engram-memory>\nNotes about me\n- I bake on Saturdays.\n</engram-memory>';

afterEach(() => document.body.replaceChildren());

describe('Copilot composer', () => {
  it('types the block before the draft', () => {
    const composer = liveComposer(loadPage('copilot-answers.html'), '.composer', findComposer);
    if (!(composer instanceof HTMLTextAreaElement)) throw new Error('not a textarea');
    composer.value = 'Rye or wheat?';
    const restore = browserExecCommand();
    try {
      expect(copilotAdapter.insert?.(composer, BLOCK)).toEqual({ ok: true, method: 'execCommand' });
    } finally {
      restore();
    }
    expect(composer.value).toBe(`${BLOCK}\n\nRye or wheat?`);
  });

  it.skipIf(!hasSharedPages())('finds the textarea in both real captures', () => {
    for (const name of ['copilot-2026-04.html', 'copilot-2026-03-main.html'])
      expect(findComposer(loadSharedPage(name))?.id).toBe('userInput');
  });
});
