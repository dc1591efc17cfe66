import { QWEN_2026_05_PANEL } from '../../../test/fixtures/pages/new-site-outlines';
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

// Never part of a turn: the thinking card and phase, line numbers, source counts, the sidebar.
const NOT_TEXT = /Thought completed|The user asks|Basil needs sun|\+3|Sidebar|Editor content/;
const id = (n: number) => `11111111-2222-4333-8444-00000000000${n}`;

describe('Qwen Chat, hand-made: one failure class per message (qwen-answers.html)', () => {
  const doc = loadPage('qwen-answers.html');

  it('reads every message as a person sees it, with the message ids Qwen puts in the page', () => {
    expect(parseTurns(doc)).toEqual<ParsedTurn[]>([
      // 1. a two-line prompt, as typed
      { siteMessageId: id(1), role: 'user', text: 'My balcony faces north.\nWhich herbs will grow there?' },
      // 2. the answer phase only; Monaco's lines with their indentation and label; a table of div cells
      {
        siteMessageId: id(2),
        role: 'assistant',
        text: 'Mint and parsley cope with shade.\n\npython\nfor herb in herbs:\n    plant(herb)\n\nHerb | Hours\nMint | 2',
      },
      { siteMessageId: id(3), role: 'user', text: 'And basil?' },
      // 4. the answer stands where the reader does not look: nothing read (not the thinking), reported
      { siteMessageId: null, role: 'assistant', text: '', missed: true },
    ]);
    for (const turn of parseTurns(doc)) expect(turn.text).not.toMatch(NOT_TEXT);
  });

  it('finds the message container, not the sidebar that reuses the answer classes, and the textarea', () => {
    expect(findThread(doc)?.id).toBe('chat-message-container');
    expect(findComposer(doc)?.localName).toBe('textarea');
    expect(isStreaming(doc)).toBe(false);
  });
});

describe('Qwen Chat states', () => {
  it('knows an answer is being thought out by its running card', () => {
    expect(isStreaming(parsePage('<div class="qwen-chat-thinking-status-card-running"></div>'))).toBe(true);
  });
});

describe.skipIf(!hasSharedPages())('Qwen Chat, real capture (#36)', () => {
  it('qwen-2026-05-panel: the prompt and the answer, without the thinking card; code, table and TeX kept', () => {
    const doc = loadSharedPage('qwen-2026-05-panel.html');
    const turns = parseTurns(doc);
    console.log('qwen-2026-05-panel turns per role:', countRoles(turns));
    expectOutlines(turns, QWEN_2026_05_PANEL);
    const answer = turns[1]!.text;
    expect(answer).toContain('elixir\n# Elixir Hello World\nIO.puts("Hello, World!")');
    expect(answer).toContain('Denmark | ~$6,361 [[UNECE]] | ~37 | 25 [[Wikipedia Leave List]] | ~67%');
    expect(answer).toContain('e^{i\\pi} + 1 = 0');
    expect(answer).not.toMatch(/Thought completed/);
    expect(findComposer(doc)?.classList.contains('message-input-textarea')).toBe(true);
  });
});
