import { GEMINI_2026_02_27, GEMINI_2026_05_FORMATTING } from '../../../test/fixtures/pages/site-outlines';
import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadPage,
  loadSharedPage,
  parsePage,
} from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isStreaming, isTemporary, isWindowed, parseTurns } from './parse';

// Never part of a turn: screen-reader labels, thinking, citations, sources, buttons.
const NOT_TEXT =
  /You said|Gemini said|あなたのプロンプト|Gemini の回答|Show thinking|tomato planting dates|ipma|IPMA|Sources|Copy|Export to Sheets|Garden helper/;

function expectClean(turns: readonly ParsedTurn[]): void {
  for (const turn of turns) expect(turn.text).not.toMatch(NOT_TEXT);
}

describe('Gemini, hand-made: one failure class per exchange (gemini-answers.html)', () => {
  const doc = loadPage('gemini-answers.html');
  const turns = parseTurns(doc);

  it('reads every prompt and answer as a person sees them', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      // 1. sr-only "You said"; the prompt's two lines kept; code verbatim under its visible label
      { siteMessageId: null, role: 'user', text: 'How do I print in Elixir?\nJust one line, please.' },
      {
        siteMessageId: null,
        role: 'assistant',
        text: 'Use IO.puts:\n\nElixir\n\nIO.puts("Hello")\nIO.puts("again")',
      },
      // 2. sr-only "あなたのプロンプト"; the expanded thinking before the answer is not the answer
      { siteMessageId: null, role: 'user', text: 'トマトはいつ植えますか？' },
      { siteMessageId: null, role: 'assistant', text: '遅霜の心配がなくなる5月上旬が目安です。' },
      // 3. citation footnotes and an inline source chip; the sources list under the answer
      { siteMessageId: null, role: 'user', text: 'Is Porto rainy in March?' },
      {
        siteMessageId: null,
        role: 'assistant',
        text: 'Yes, March is one of the wetter months.\n\nExpect about 12 rainy days.',
      },
      // 4. a table without its footer, TeX from data-math (display and inline), never the rendered glyphs
      { siteMessageId: null, role: 'user', text: "Give me Euler's identity and a table." },
      {
        siteMessageId: null,
        role: 'assistant',
        text: 'Here:\n\nConstant | Value\ne | 2.718\nπ | 3.142\n\ne^{i\\pi} + 1 = 0\n\nIt links \\pi and e.',
      },
    ]);
    expectClean(turns);
  });

  it('finds the thread, not the Gem panel that reuses its classes, and Quill, not its clipboard', () => {
    expect(findThread(doc)?.querySelectorAll('.conversation-container')).toHaveLength(4);
    expect(findThread(doc)?.closest('bard-sidenav')).toBeNull();
    const composer = findComposer(doc);
    expect(composer?.classList.contains('ql-editor')).toBe(true);
    expect(composer?.classList.contains('ql-clipboard')).toBe(false);
    expect(isStreaming(doc)).toBe(false);
  });

  it('is always a window: the scroller loads early turns only when scrolled to', () => {
    expect(isWindowed(doc)).toBe(true);
    expect(isWindowed(parsePage('<main><p>New chat</p></main>'))).toBe(false);
  });
});

describe('Gemini states', () => {
  it('reports a streaming answer by its busy live region, and still reads it', () => {
    const doc = parsePage(`<div id="chat-history"><div class="conversation-container">
      <user-query><p class="query-text-line">Hi</p></user-query><model-response><message-content>
      <div class="markdown" aria-busy="true"><p>Half an ans</p></div></message-content></model-response></div></div>`);
    expect(isStreaming(doc)).toBe(true);
    expect(parseTurns(doc).map((t) => t.text)).toEqual(['Hi', 'Half an ans']);
  });

  it('knows a temporary chat from the page, since its URL is the plain /app', () => {
    const on = parsePage(
      '<temp-chat-button><button class="temp-chat-on">Temporary chat</button></temp-chat-button>',
    );
    const card = parsePage('<div class="temporary-chat-card">Temporary chat</div>');
    const off = parsePage('<temp-chat-button><button>Temporary chat</button></temp-chat-button>');
    expect([on, card, off].map(isTemporary)).toEqual([true, true, false]);
  });

  it('reads a page that names no thread from its messages, never from a side panel that reuses them (#36)', () => {
    const doc =
      parsePage(`<bard-sidenav><model-response><message-content><div class="markdown">Gem: Garden helper
      </div></message-content></model-response></bard-sidenav><main><section><user-query><div class="query-text">Hi
      </div></user-query></section><section><model-response><message-content><div class="markdown">Hello</div>
      </message-content></model-response></section></main>`);
    expect(parseTurns(doc).map((t) => [t.role, t.text])).toEqual([
      ['user', 'Hi'],
      ['assistant', 'Hello'],
    ]);
    expect(parseTurns(parsePage('<bard-sidenav><user-query>Hi</user-query></bard-sidenav>'))).toEqual([]);
  });
});

describe.skipIf(!hasSharedPages())('Gemini, real captures (#24)', () => {
  it('gemini-2026-02-27: 3 prompts and 3 answers, alternating, outlined, LaTeX kept', () => {
    const doc = loadSharedPage('gemini-2026-02-27.html');
    const turns = parseTurns(doc);
    console.log('gemini-2026-02-27 turns per role:', countRoles(turns));
    expectOutlines(turns, GEMINI_2026_02_27);
    expectClean(turns);
    expect(turns[5]?.text).toContain('x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}');
    expect(findThread(doc)?.querySelectorAll('.conversation-container')).toHaveLength(3);
    expect(findComposer(doc)?.getAttribute('aria-label')).toBe('Gemini へのプロンプトを入力');
    expect(isStreaming(doc)).toBe(false);
  });

  it('gemini-2026-05-formatting: the prompt and the answer, with code, table and math', () => {
    const doc = loadSharedPage('gemini-2026-05-formatting.html');
    const turns = parseTurns(doc);
    console.log('gemini-2026-05-formatting turns per role:', countRoles(turns));
    expectOutlines(turns, GEMINI_2026_05_FORMATTING);
    expectClean(turns);
    const answer = turns[1]!.text;
    expect(answer).toContain('IO.puts("Hello, World!")');
    expect(answer).toContain('Denmark | ~$44,000 | 37 | 25 | ~65%');
    expect(answer.match(/e\^\{i\\pi\} \+ 1 = 0/g)).toHaveLength(1);
    expect(findComposer(doc)?.getAttribute('aria-label')).toBe('Enter a prompt for Gemini');
    expect(isStreaming(doc)).toBe(false);
  });
});
