import { DEEPSEEK_2026_05_FORMATTING } from '../../../test/fixtures/pages/site-outlines';
import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadPage,
  loadSharedPage,
  parsePage,
} from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';

// Never part of a turn: thinking rows and reasoning, search rows, citation markers, code-block buttons, the sidebar.
const NOT_TEXT =
  /Thought for|Thinking|North light|Read 10|web pages|Copy|Download|Pinned|sourdough|Basil needs/;

function expectClean(turns: readonly ParsedTurn[]): void {
  for (const turn of turns) expect(turn.text).not.toMatch(NOT_TEXT);
}

describe('DeepSeek, hand-made: one failure class per message (deepseek-answers.html)', () => {
  const doc = loadPage('deepseek-answers.html');
  const turns = parseTurns(doc);

  it('reads every prompt and answer as a person sees them', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      // 1. the prompt as typed, its line break kept
      { siteMessageId: null, role: 'user', text: 'My balcony faces north.\nWhat herbs will grow there?' },
      // 2. the expanded reasoning (itself .ds-markdown) and its "Thought for" row are not the answer
      { siteMessageId: null, role: 'assistant', text: 'Mint, parsley and chives do well in shade.' },
      { siteMessageId: null, role: 'user', text: 'Any recent tips online?' },
      // 3. the search row and the citation markers are not text
      { siteMessageId: null, role: 'assistant', text: 'Water less in winter. Pinch mint often.' },
      { siteMessageId: null, role: 'user', text: 'Code, a table and a formula, please.' },
      // 4. code under its language label, without the Copy / Download bar; a table; TeX once
      {
        siteMessageId: null,
        role: 'assistant',
        text: 'python\n\nprint("mint")\nprint("chives")\n\nHerb | Light\nMint | Shade\n\nA = \\pi r^2',
      },
      // 5. a reply still thinking is the assistant's and has no text yet: no turn, and never the user's
      { siteMessageId: null, role: 'user', text: 'And basil?' },
    ]);
    expectClean(turns);
  });

  it('finds the virtual list, not the sidebar that reuses .ds-message, and the textarea; always a window', () => {
    expect(findThread(doc)?.querySelectorAll('.ds-message')).toHaveLength(8);
    expect(findThread(doc)?.closest('nav')).toBeNull();
    expect(findComposer(doc)?.localName).toBe('textarea');
    expect(isWindowed(doc)).toBe(true);
    expect(isStreaming(doc)).toBe(false);
  });
});

describe('DeepSeek states', () => {
  it('reports a streaming reply by the stop square on the send button', () => {
    const doc = parsePage(
      '<div class="ds-icon-button" role="button"><svg><path d="M2 4.88C2 3.7 2.9 3 4 3"/></svg></div>',
    );
    expect(isStreaming(doc)).toBe(true);
  });

  it('reads nothing outside the list', () => {
    expect(parseTurns(parsePage('<div class="ds-message"><div>Hello</div></div>'))).toEqual([]);
  });
});

describe.skipIf(!hasSharedPages())('DeepSeek, real capture (#24)', () => {
  it('deepseek-2026-05-formatting: the prompt and the answer, without "Thought for 37 seconds"', () => {
    const doc = loadSharedPage('deepseek-2026-05-formatting.html');
    const turns = parseTurns(doc);
    console.log('deepseek-2026-05-formatting turns per role:', countRoles(turns));
    expectOutlines(turns, DEEPSEEK_2026_05_FORMATTING);
    expectClean(turns);
    const answer = turns[1]!.text;
    expect(answer).toContain('IO.puts("Hello, world!")');
    expect(answer).toContain('Denmark | 58,000 | 33.5 | 25 | 66');
    expect(answer.match(/e\^\{i\\pi\} \+ 1 = 0/g)).toHaveLength(1);
    expect(findThread(doc)?.querySelectorAll('.ds-message')).toHaveLength(2);
    expect(findComposer(doc)?.getAttribute('placeholder')).toBe('Message DeepSeek');
    expect([isStreaming(doc), isWindowed(doc)]).toEqual([false, true]);
  });
});
