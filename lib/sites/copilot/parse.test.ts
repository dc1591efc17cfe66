import { COPILOT_2026_03_MAIN, COPILOT_2026_04 } from '../../../test/fixtures/pages/new-site-outlines';
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

// Never part of a turn: the "You said" / "Copilot said" headings, buttons, the date divider, the sidebar.
const NOT_TEXT = /You said|Copilot said|Copy|Today|Sidebar|Weather card/;

describe('Copilot, hand-made: one failure class per message (copilot-answers.html)', () => {
  const doc = loadPage('copilot-answers.html');

  it('reads every message as a person sees it', () => {
    expect(parseTurns(doc)).toEqual<ParsedTurn[]>([
      // 1. a two-line prompt, as typed, under its sr-only heading and reactions bar
      { siteMessageId: null, role: 'user', text: 'I bake on Saturdays.\nWhen should I feed my starter?' },
      // 2. both parts of the answer; the code keeps its label, not its buttons
      {
        siteMessageId: null,
        role: 'assistant',
        text: 'Feed it on Friday night.\n\npython\nfeed(starter, hours=12)\n\nThen bake on Saturday morning.',
      },
      // 3. after a date divider, another language
      { siteMessageId: null, role: 'user', text: 'Et le levain, au frigo ?' },
      // 4. a list
      {
        siteMessageId: null,
        role: 'assistant',
        text: "Oui, jusqu'à une semaine :\n\nnourris-le avant\nsors-le la veille",
      },
      // 5. an article that is neither: nothing read, reported
      { siteMessageId: null, role: 'assistant', text: '', missed: true },
    ]);
    for (const turn of parseTurns(doc)) expect(turn.text).not.toMatch(NOT_TEXT);
  });

  it('finds the conversation, not the sidebar of articles, and the textarea', () => {
    expect(findThread(doc)?.getAttribute('data-content')).toBe('conversation');
    expect(findComposer(doc)?.id).toBe('userInput');
    expect(isStreaming(doc)).toBe(false);
  });
});

describe('Copilot states', () => {
  it('knows an answer is being written while it has no reactions bar yet', () => {
    const page = (reactions: string) =>
      parsePage(`<div data-content="conversation"><div role="article" data-content="ai-message">
        <div id="x-content-0"><p>Half an ans</p></div>${reactions}</div></div>`);
    expect(isStreaming(page(''))).toBe(true);
    expect(isStreaming(page('<div data-testid="message-item-reactions"></div>'))).toBe(false);
  });
});

describe.skipIf(!hasSharedPages())('Copilot, real captures (#36)', () => {
  // A whole saved page (3,900 elements): parsed once, in the hook, whose budget is the parse's on a loaded machine.
  let doc: Document;
  beforeAll(() => {
    doc = loadSharedPage('copilot-2026-04.html');
  }, 60_000);

  it('copilot-2026-04: 7 prompts and 7 answers, the last cut where the saved page cut it', () => {
    const turns = parseTurns(doc);
    console.log('copilot-2026-04 turns per role:', countRoles(turns));
    expectOutlines(turns, COPILOT_2026_04);
    for (const turn of turns) expect(turn.text).not.toMatch(/You said|Copilot said/);
    expect(findComposer(doc)?.getAttribute('data-testid')).toBe('composer-input');
    expect(isStreaming(doc)).toBe(false);
  });

  it('copilot-2026-03-main: 2 prompts and 2 answers, code with its language label', () => {
    const doc = loadSharedPage('copilot-2026-03-main.html');
    const turns = parseTurns(doc);
    console.log('copilot-2026-03-main turns per role:', countRoles(turns));
    expectOutlines(turns, COPILOT_2026_03_MAIN);
    expect(turns[3]?.text).toContain('python\n# This is a basic Python program\nprint("Hello, World!")');
    expect(findComposer(doc)?.localName).toBe('textarea');
  });
});
