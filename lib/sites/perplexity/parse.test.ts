import {
  PERPLEXITY_2026_02_27,
  PERPLEXITY_2026_05_FORMATTING,
} from '../../../test/fixtures/pages/site-outlines';
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

// Never part of a turn: citation pills, the A/B banner, research steps, source counters, hidden tabs, buttons.
const NOT_TEXT =
  /ipma|\u200b|Help improve|two versions|Reviewed|Searching|sources|Photo|Copy|sourdough|perplexity$/;

function expectClean(turns: readonly ParsedTurn[]): void {
  for (const turn of turns) expect(turn.text).not.toMatch(NOT_TEXT);
}

describe('Perplexity, hand-made: one failure class per query (perplexity-answers.html)', () => {
  const doc = loadPage('perplexity-answers.html');
  const turns = parseTurns(doc);

  it('reads every query and answer as a person sees them', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      // 0. a citation pill and its zero-width space; the A/B banner above the answer
      { siteMessageId: null, role: 'user', text: 'Is Lisbon sunny in May?' },
      { siteMessageId: null, role: 'assistant', text: 'Yes, May is one of the sunniest months.' },
      // 1. research steps and a source counter above the answer; the query's own line break kept (pre-line)
      { siteMessageId: null, role: 'user', text: 'Plan three days there.\nKeep it cheap.' },
      {
        siteMessageId: null,
        role: 'assistant',
        text: 'Day 1: Alfama on foot.\n\nDay 2: Belém by tram.\n\nDay 3: a free museum Sunday.',
      },
      // 2. code without its label and button; the table once, not its hidden sticky twin
      { siteMessageId: null, role: 'user', text: 'Show a Python loop and a fare table.' },
      {
        siteMessageId: null,
        role: 'assistant',
        text: 'for day in range(3):\n    print(day)\n\nTicket | Fare\nTram | €3.10\nMetro | €1.85',
      },
      // 3. TeX once, from the MathML annotation
      { siteMessageId: null, role: 'user', text: 'And the area of a circle?' },
      { siteMessageId: null, role: 'assistant', text: 'It is \\pi r^2.' },
    ]);
    expectClean(turns);
  });

  it('finds the thread column, not the Library that reuses the answer markup, and the Lexical editor', () => {
    expect(findThread(doc)?.querySelectorAll('[role="tabpanel"][id$="-content-default"]')).toHaveLength(4);
    expect(findThread(doc)?.querySelectorAll('[id^="markdown-content-"]')).toHaveLength(4);
    expect(findComposer(doc)?.id).toBe('ask-input');
    expect(isStreaming(doc)).toBe(false);
    expect(isWindowed(doc)).toBe(false);
  });
});

describe('Perplexity states', () => {
  const panel = (
    n: number,
  ) => `<div role="tabpanel" id="r-content-default"><div class="group/query">Q${n}</div>
    <div id="markdown-content-${n}"><p>A${n}</p></div></div>`;

  it('is a window when the answers on the page are not entries 0..n-1 of the thread', () => {
    const column = (inner: string) => parsePage(`<div class="max-w-threadContentWidth">${inner}</div>`);
    expect(isWindowed(column(panel(0) + panel(1)))).toBe(false);
    expect(isWindowed(column(panel(3) + panel(4)))).toBe(true); // the early entries are not mounted
    expect(isWindowed(column(panel(0) + panel(2)))).toBe(true);
    expect(parseTurns(column(panel(3) + panel(4))).map((t) => t.text)).toEqual(['Q3', 'A3', 'Q4', 'A4']);
  });

  it('reports a streaming answer by its stop button', () => {
    expect(isStreaming(parsePage('<button aria-label="Stop response (Esc)"></button>'))).toBe(true);
  });

  it('reads a page without the thread column from its answer panels, never a Library card beside them (#36)', () => {
    const library =
      '<aside><div role="tabpanel" id="l-content-default"><div id="markdown-content-9">Card</div></div></aside>';
    expect(parseTurns(parsePage(`${library}<main>${panel(0)}${panel(1)}</main>`)).map((t) => t.text)).toEqual(
      ['Q0', 'A0', 'Q1', 'A1'],
    );
  });

  it('reports a query it cannot find, and never reads the panel’s other text in its place (#36)', () => {
    const doc = parsePage(`<main><div role="tabpanel" id="r-content-default"><div class="x1">Q0</div>
      <div id="markdown-content-0"><p>A0</p></div></div></main>`);
    expect(parseTurns(doc)).toEqual([
      { siteMessageId: null, role: 'user', text: '', missed: true },
      { siteMessageId: null, role: 'assistant', text: 'A0' },
    ]);
  });
});

describe.skipIf(!hasSharedPages())('Perplexity, real captures (#24)', () => {
  it('perplexity-2026-02-27: 3 queries and 3 answers, alternating, outlined, without the citation pill', () => {
    const doc = loadSharedPage('perplexity-2026-02-27.html');
    const turns = parseTurns(doc);
    console.log('perplexity-2026-02-27 turns per role:', countRoles(turns));
    expectOutlines(turns, PERPLEXITY_2026_02_27);
    expectClean(turns);
    expect(turns[1]?.text).toBe('はい。');
    expect(turns[5]?.text).toContain('x = \\dfrac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}');
    expect(findThread(doc)?.querySelectorAll('[role="tabpanel"][id$="-content-default"]')).toHaveLength(3);
    expect(findComposer(doc)?.getAttribute('data-lexical-editor')).toBe('true');
    expect([isStreaming(doc), isWindowed(doc)]).toEqual([false, false]);
  });

  it('perplexity-2026-05-formatting: the query and the answer, with code, table and math', () => {
    const doc = loadSharedPage('perplexity-2026-05-formatting.html');
    const turns = parseTurns(doc);
    console.log('perplexity-2026-05-formatting turns per role:', countRoles(turns));
    expectOutlines(turns, PERPLEXITY_2026_05_FORMATTING);
    expectClean(turns);
    const answer = turns[1]!.text;
    expect(answer).toContain('defmodule Hello do\n  def world do');
    expect(answer.match(/Denmark \| ~3,800 \| 37 \| 25\+ \| ~67%/g)).toHaveLength(1);
    expect(answer).toContain('e^{i\\pi} + 1 = 0');
    expect(findThread(doc)?.querySelectorAll('[role="tabpanel"][id$="-content-default"]')).toHaveLength(1);
  });
});
