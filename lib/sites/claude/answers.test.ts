// Claude answers as a person reads them (#14): every text block of an answer, in order, over all its rows; no
// tool, status or thinking row, chip, card, iframe, sr-only heading or project panel. Hand-made pages, one
// failure class per turn; the real captures are in captures.test.ts.
import { expectClean, expectProseMirrorComposer } from '../../../test/fixtures/pages/claude-expect';
import { loadPage, parsePage } from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { findThread, isStreaming, parseTurns } from './parse';

describe('Claude 2026-02..05 layout, one failure class per turn (claude-2026-answers.html)', () => {
  const doc = loadPage('claude-2026-answers.html');
  const turns = parseTurns(doc);

  it('reads every answer whole: all its text blocks in order, nothing else (#14)', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      { siteMessageId: null, role: 'user', text: 'Make me a planting calendar as a file.' },
      {
        siteMessageId: null,
        role: 'assistant',
        // Tool rows first (their panel and its tool output stay mounted), then text, then a file card: only text.
        text: 'Here is your calendar: one row per month, sowing first, then planting out.\n\nBroad beans go in early; squash waits for May.',
      },
      {
        siteMessageId: null,
        role: 'user',
        text: 'When should I start tomatoes indoors?\n\nLast frost here is mid-April.',
      },
      {
        siteMessageId: null,
        role: 'assistant',
        // Behind an sr-only "Claude responded: …" heading and a collapsed thinking row; first line once.
        text: 'Start them six to eight weeks before the last frost.\n\nFor mid-April that means late February.',
      },
      { siteMessageId: null, role: 'user', text: 'Is a rain barrel worth it?' },
      {
        siteMessageId: null,
        role: 'assistant',
        // Five blocks over two rows, between an expanded thinking row, a search row with chips and an iframe.
        text: [
          'Usually, yes.',
          'A 10 m² shed roof collects about 6,000 litres a year in a wet climate.',
          'Water boards put the saving at a few pounds a year, so the real gain is for the plants.',
          'Fit a first-flush diverter and a lid against mosquitoes.',
          'One more thing: check local rules on overflow pipes.',
        ].join('\n\n'),
      },
    ]);
  });

  it('reads no status, thinking, tool output, chip, card, iframe, heading or project panel text', () => {
    const all = turns.map((turn) => turn.text).join('\n');
    expect(all).not.toMatch(
      /Ran a command|exit code|planting-calendar|Planting calendar|Download|Counted back|assume a small shed|Searched|10 results|Harvesting|example\.|Interactive chart|Allotment|Raised beds|finished the response/,
    );
    expect(all.match(/Start them six/g)).toHaveLength(1);
    expectClean(turns);
  });

  it('finds the composer and the thread, and no stream', () => {
    expectProseMirrorComposer(doc);
    expect(findThread(doc)?.querySelectorAll('[data-test-render-count]')).toHaveLength(7);
    expect(isStreaming(doc)).toBe(false);
  });
});

describe('Claude 2026-07 chat in a project (#24 item 5, claude-2026-07-project.html)', () => {
  const doc = loadPage('claude-2026-07-project.html');
  const turns = parseTurns(doc);

  it('reads messages only in the thread: the answer whole, never the project panel that reuses its classes', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      { siteMessageId: null, role: 'user', text: 'Is a rain barrel worth it for the allotment?' },
      {
        siteMessageId: null,
        role: 'assistant',
        // Five blocks between a thinking row, a search row, a tool row and three app frames; the row has no
        // streaming flag, so the answer is found by its font class inside the row.
        text: [
          'Yes, for most plots.',
          'A 10 m² shed roof collects about 6,000 litres a year in a wet climate.',
          "That covers most of a summer's watering.",
          'Fit a first-flush diverter and a lid against mosquitoes.',
          "One more thing: check your site's rules on overflow pipes.",
        ].join('\n\n'),
      },
      { siteMessageId: null, role: 'user', text: 'Thanks!' },
      { siteMessageId: null, role: 'assistant', text: 'Happy growing.' },
    ]);
    const all = turns.map((turn) => turn.text).join('\n');
    expect(all).not.toMatch(
      /Allotment 2027|Raised beds|Project knowledge|Thought about|shed\.|exit code|Searched|example\.org|calculator|chart|diagram/,
    );
    expectClean(turns);
  });

  it('observes the thread, not the panel before it that reuses the row markup', () => {
    expect(findThread(doc)?.querySelectorAll(':scope > [data-test-render-count]')).toHaveLength(4);
    expect(findThread(doc)?.closest('header, aside')).toBeNull();
  });
});

describe('Claude status rows', () => {
  it('leaves out a status row found by either of its marks alone, and nothing that merely has a live region', () => {
    const answer = (inner: string) =>
      parseTurns(
        parsePage(`<div data-test-render-count="1"><div data-testid="user-message"><p>Q</p></div></div>
          <div data-test-render-count="1"><div data-is-streaming="false"><div class="font-claude-response">
          ${inner}</div></div></div>`),
      ).slice(1);
    const thoughts = '<div class="standard-markdown"><p>Thoughts.</p></div>';
    const text = '<div class="standard-markdown"><p>The answer.</p></div>';
    const expected = [{ siteMessageId: null, role: 'assistant', text: 'The answer.' }];
    // The two-row grid without a live region.
    expect(
      answer(`<div class="grid grid-rows-[auto_auto]"><div class="row-start-1"><button aria-expanded="true">Thought
        </button>${thoughts}</div><div class="row-start-2 grid"><div class="row-start-1">${text}</div></div></div>`),
    ).toEqual(expected);
    // A toggle beside its live label, without the grid.
    expect(
      answer(`<div class="pl-2"><div><button aria-expanded="true">Thought</button></div>
        <span class="sr-only" role="status" aria-live="polite">Thought</span>${thoughts}</div>${text}`),
    ).toEqual(expected);
    // A live region with no toggle beside it is not a status row: the text around it stays.
    expect(answer(`<div><span role="status" aria-live="polite">Saved</span>${text}</div>`)).toEqual(expected);
  });
});
