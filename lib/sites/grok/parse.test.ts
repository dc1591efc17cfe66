import { GROK_2026_03_MAIN, GROK_2026_04 } from '../../../test/fixtures/pages/new-site-outlines';
import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadPage,
  loadSharedPage,
  parsePage,
} from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';

// Never part of a turn: thinking rows, buttons, timings, suggestions, the sidebar.
const NOT_TEXT = /Thought for|800ms|Fast|What about basil|Sidebar|Copy|Regenerate|Run\b/;
const id = (n: number) => `0a0a0a0a-1111-4222-8333-00000000000${n}`;

describe('Grok, hand-made: one failure class per row (grok-answers.html)', () => {
  const doc = loadPage('grok-answers.html');

  it('reads every message as a person sees it, with the response ids the JSON uses', () => {
    expect(parseTurns(doc)).toEqual<ParsedTurn[]>([
      // 1. two paragraphs of a prompt
      { siteMessageId: id(1), role: 'user', text: 'My balcony faces north.\n\nWhich herbs will grow there?' },
      // 2. not the thinking row, the code's buttons, the action bar or the suggestions; a pre-wrap table's cells
      {
        siteMessageId: id(2),
        role: 'assistant',
        text: 'Mint and parsley cope with shade.\n\nPython\n\nherbs = ["mint"]\nprint(herbs)\n\nHerb | Hours of sun\nMint | 2',
      },
      // 3. an image-only prompt: nothing to read, nothing missed
      // 4. a list and a footnote mark
      {
        siteMessageId: id(4),
        role: 'assistant',
        text: 'That photo shows chives.1\n\nWater little\nCut often',
      },
      // 5. no alignment class: whose it is cannot be told, so nothing is read and it is reported
      { siteMessageId: null, role: 'assistant', text: '', missed: true },
    ]);
    for (const turn of parseTurns(doc)) expect(turn.text).not.toMatch(NOT_TEXT);
  });

  it('finds <main>, not the sidebar that reuses the message classes, and the TipTap editor', () => {
    expect(findThread(doc)?.localName).toBe('main');
    expect(findComposer(doc)?.classList.contains('ProseMirror')).toBe(true);
    expect(isStreaming(doc)).toBe(false);
  });
});

describe('Grok states', () => {
  it('knows Grok is writing by its stop button, and reads nothing outside <main>', () => {
    expect(isStreaming(parsePage('<main><button aria-label="Stop model response"></button></main>'))).toBe(
      true,
    );
    const outside = parsePage(
      '<div id="response-0a0a0a0a-1111-4222-8333-000000000009" class="items-end"><div class="message-bubble"><div class="response-content-markdown">Hi</div></div></div>',
    );
    expect(parseTurns(outside)).toEqual([]);
  });
});

describe.skipIf(!hasSharedPages())('Grok, real captures (#36)', () => {
  it('grok-2026-04: the prompt and the answer', () => {
    const doc = loadSharedPage('grok-2026-04.html');
    const turns = parseTurns(doc);
    console.log('grok-2026-04 turns per role:', countRoles(turns));
    expectOutlines(turns, GROK_2026_04);
    expect(turns[0]?.siteMessageId).toBe('e32823dc-b924-4e12-b727-c2ee3d4cabf3');
    expect(findComposer(doc)?.getAttribute('contenteditable')).toBe('true');
  });

  it('grok-2026-03-main: 5 prompts and 5 answers, without the thinking rows; code and the table kept', () => {
    const doc = loadSharedPage('grok-2026-03-main.html');
    const turns = parseTurns(doc);
    console.log('grok-2026-03-main turns per role:', countRoles(turns));
    expectOutlines(turns, GROK_2026_03_MAIN);
    for (const turn of turns) expect(turn.text).not.toMatch(/Thought for/);
    expect(turns[5]?.text).toContain('Bold | **text** | text | Very reliable');
    expect(turns[9]?.text).toContain('def fibonacci(n: int) -> int:');
    expect(findComposer(doc)?.classList.contains('tiptap')).toBe(true);
  });
});
