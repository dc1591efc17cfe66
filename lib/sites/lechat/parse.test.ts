import { LECHAT_2026_05_FORMATTING } from '../../../test/fixtures/pages/site-outlines';
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

// Never part of a turn: the Worked/Thought rows and the reasoning, tool rows, buttons, times, the Canvas panel.
const NOT_TEXT = /Worked|Thought for|The user (bakes|wants)|Ran code|^ok$|Copy|1:04pm|Canvas|price list/m;

function expectClean(turns: readonly ParsedTurn[]): void {
  for (const turn of turns) expect(turn.text).not.toMatch(NOT_TEXT);
}

const id = (n: number) => `0a1b2c3d-0000-4000-8000-00000000000${n}`;

describe('Le Chat, hand-made: one failure class per message (lechat-answers.html)', () => {
  const doc = loadPage('lechat-answers.html');
  const turns = parseTurns(doc);

  it('reads every prompt and answer as a person sees them, with the site’s message ids', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      // 1. a prompt of two lines, without its actions and time
      { siteMessageId: id(1), role: 'user', text: 'I bake on Saturdays.\nWhen should I feed my starter?' },
      // 2. not the "Worked for 3s" / "Thought for 3s" rows or the reasoning under them
      { siteMessageId: id(2), role: 'assistant', text: 'Feed it on Friday evening.' },
      { siteMessageId: id(3), role: 'user', text: 'Show the schedule as code and a table.' },
      // 3. two text parts around a tool row: code verbatim under its label; the grid table as rows
      {
        siteMessageId: id(4),
        role: 'assistant',
        text: 'Here:\n\npython\n\nfeed = "Friday 20:00"\nbake = "Saturday 09:00"\n\nStep | When\nFeed | Friday 20:00\nBake | Saturday 09:00',
      },
      { siteMessageId: id(5), role: 'user', text: "And the dough's hydration formula?" },
      // 4. TeX once
      { siteMessageId: id(6), role: 'assistant', text: 'It is h = w / f.' },
    ]);
    expectClean(turns);
  });

  it('finds the conversation layout, not the Canvas panel that reuses message markup, and ProseMirror', () => {
    expect(findThread(doc)?.querySelectorAll('[data-message-author-role]')).toHaveLength(6);
    expect(findThread(doc)?.closest('aside')).toBeNull();
    expect(findComposer(doc)?.classList.contains('ProseMirror')).toBe(true);
    expect([isStreaming(), isWindowed()]).toEqual([false, false]);
  });

  it('reads nothing outside the conversation layout', () => {
    const stray = parsePage(
      '<div data-message-author-role="user" data-message-id="x"><div class="select-text">Hi</div></div>',
    );
    expect(parseTurns(stray)).toEqual([]);
  });
});

describe.skipIf(!hasSharedPages())('Le Chat, real capture (#24)', () => {
  it('lechat-2026-05-formatting: "Here you go:", not the Worked/Thought rows or the reasoning', () => {
    const doc = loadSharedPage('lechat-2026-05-formatting.html');
    const turns = parseTurns(doc);
    console.log('lechat-2026-05-formatting turns per role:', countRoles(turns));
    expectOutlines(turns, LECHAT_2026_05_FORMATTING);
    expectClean(turns);
    expect(turns.map((t) => t.siteMessageId)).toEqual([
      'acf754c0-ed35-466e-b71a-3186abafeb13',
      'e08fe1b6-9087-4355-87a0-a1c653c8aa4a',
    ]);
    const answer = turns[1]!.text;
    expect(answer.startsWith('Here you go:\n\n')).toBe(true);
    expect(answer).toContain('IO.puts "Hello, World!"');
    expect(answer).toContain(
      'Country | Median Wages (USD/year) | Avg. Work Hours/Week | Paid Leave Days | Union Membership Rate\nDenmark | 60,000 | 37 | 25 | 67%',
    );
    expect(findThread(doc)?.querySelectorAll('[data-message-author-role]')).toHaveLength(2);
    expect(findComposer(doc)?.classList.contains('ProseMirror')).toBe(true);
  });
});
