import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadPage,
  loadSharedPage,
  parsePage,
  type TurnOutline,
} from '../../../test/fixtures/pages/load';
import { readableText } from '../text';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';
import { DROP } from './selectors';

// Chrome that must never reach a turn's text, whatever the layout.
const CHROME = /Copy|You said|Claude responded|Humanize|QuillBot|Thought for|Download|Version 1|AM\b/;

function expectClean(turns: readonly ParsedTurn[]): void {
  for (const turn of turns) expect(turn.text).not.toMatch(CHROME);
}

function expectProseMirrorComposer(doc: Document): void {
  const composer = findComposer(doc);
  expect(composer?.localName).toBe('div');
  expect(composer?.getAttribute('data-testid')).toBe('chat-input');
  expect(composer?.classList.contains('ProseMirror')).toBe(true);
}

describe('Claude older layout, hand-made (claude-older.html)', () => {
  const doc = loadPage('claude-older.html');
  const turns = parseTurns(doc);

  it('reads every turn as a person sees it', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      { siteMessageId: null, role: 'user', text: 'Show me the last five commits.\n\nOne line each, please.' },
      {
        siteMessageId: null,
        role: 'assistant',
        // "bash" is the visible language label above Claude's code blocks; it sits outside <pre>.
        text: [
          'Run this in your repository:',
          'bash',
          'git log --oneline -5\ngit show --stat HEAD',
          'The first command lists them; the second shows the newest one.',
        ].join('\n\n'),
      },
      { siteMessageId: null, role: 'user', text: 'What is the area of a circle with radius 3?' },
      {
        siteMessageId: null,
        role: 'assistant',
        // The thoughts stay in the DOM while collapsed and are not read; the artifact's file card is not text
        // (#14: the site JSON has no card either).
        text: ['Use A = \\pi r^2:', 'A = 9\\pi \\approx 28.27', 'I also made a small calculator.'].join(
          '\n\n',
        ),
      },
    ]);
  });

  it('keeps code, writes math once and drops thinking, chrome and extension noise', () => {
    const all = turns.map((turn) => turn.text).join('\n');
    expect(all).toContain('git log --oneline -5\ngit show --stat HEAD');
    expect(all.match(/28\.27/g)).toHaveLength(1);
    expect(all).not.toContain('π');
    expect(all).not.toContain('plug r = 3');
    expectClean(turns);
  });

  it('finds the ProseMirror composer, the thread, and no stream', () => {
    expectProseMirrorComposer(doc);
    expect(findThread(doc)?.querySelectorAll(':scope > [data-test-render-count]')).toHaveLength(4);
    expect(isStreaming(doc)).toBe(false);
  });
});

describe('Claude current layout, hand-made (claude-current.html)', () => {
  const doc = loadPage('claude-current.html');
  const turns = parseTurns(doc);

  it('reads every turn as a person sees it', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      { siteMessageId: null, role: 'user', text: 'How do I sort a dict by value in Python?' },
      {
        siteMessageId: null,
        role: 'assistant',
        text: [
          'Use sorted with a key:',
          'by_value = dict(sorted(d.items(), key=lambda kv: kv[1]))\nprint(by_value)',
          'Add reverse=True for largest first.',
        ].join('\n\n'),
      },
      { siteMessageId: null, role: 'user', text: 'Does 1/2 + 1/4 + 1/8 + … ever reach 1?' },
      {
        siteMessageId: null,
        role: 'assistant',
        text: 'Only in the limit:\n\n\\sum_{k=1}^{\\infty} 2^{-k} = 1\n\nEvery partial sum stays below 1.',
      },
    ]);
    expect(turns.map((turn) => turn.text).join('\n')).not.toContain('∑');
    expectClean(turns);
  });

  it('finds the ProseMirror composer and the feed', () => {
    expectProseMirrorComposer(doc);
    expect(findThread(doc)?.getAttribute('role')).toBe('feed');
    expect(isStreaming(doc)).toBe(false);
  });
});

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

describe('Claude edge cases', () => {
  it('keeps a streaming answer, skips empty turns and reports the stream', () => {
    const doc = parsePage(`<div role="feed">
      <div data-testid="transcript-row" data-perf-row="human"><div data-testid="user-message"><p> </p></div></div>
      <div data-testid="transcript-row" data-perf-row="assistant">
        <div data-testid="assistant-message" data-cds="AssistantMessage" data-is-streaming="true">
          <div data-cds="Prose"><div class="standard-markdown"><p>Half an ans</p></div></div></div></div></div>`);
    expect(parseTurns(doc)).toEqual([{ siteMessageId: null, role: 'assistant', text: 'Half an ans' }]);
    expect(isStreaming(doc)).toBe(true);
  });

  it('leaves out a status row found by either of its marks alone, and nothing that merely has a live region', () => {
    const answer = (inner: string) =>
      parseTurns(
        parsePage(`<div data-test-render-count="1"><div data-is-streaming="false"><div class="font-claude-response">
          ${inner}</div></div></div>`),
      );
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

  it('finds nothing on a page without a conversation', () => {
    const doc = parsePage('<main><p>New chat</p><textarea data-testid="chat-input-ssr"></textarea></main>');
    expect(parseTurns(doc)).toEqual([]);
    expect(findComposer(doc)).toBeNull();
    expect(findThread(doc)).toBeNull();
  });
});

// Real capture, never copied into the repository: only each turn's outline is written down here, checked by
// reading the capture (user turns as typed; answers without the action bar or its "5:00 PM" timestamp).
const CAPTURE_2026_01_29: TurnOutline[] = [
  {
    role: 'user',
    head: 'Claude の html構造をテストするための質問です。「はい」とだけ答えて。',
    tail: 'るための質問です。「はい」とだけ答えて。',
    length: 40,
  },
  { role: 'assistant', head: 'はい', tail: 'はい', length: 2 },
  { role: 'user', head: '次は「いいえ」だけ答えて。', tail: '次は「いいえ」だけ答えて。', length: 13 },
  { role: 'assistant', head: 'いいえ', tail: 'いいえ', length: 3 },
];

describe.skipIf(!hasSharedPages())('Claude older layout, real captures of 2026-01-29', () => {
  it('claude-2026-01-29: finds the 4 turns a person sees, text outlined, and the composer', () => {
    const doc = loadSharedPage('claude-2026-01-29.html');
    const turns = parseTurns(doc);
    console.log('claude-2026-01-29 turns per role:', countRoles(turns));
    expect(countRoles(turns)).toEqual({ user: 2, assistant: 2 });
    expectOutlines(turns, CAPTURE_2026_01_29);
    expectClean(turns);
    expectProseMirrorComposer(doc);
    expect(findThread(doc)?.querySelectorAll(':scope > [data-test-render-count]')).toHaveLength(4);
    expect(isStreaming(doc)).toBe(false);
  });

  it('claude-artifact-2026-01-29: the side panel is not a turn, and its source pills are chrome', () => {
    const doc = loadSharedPage('claude-artifact-2026-01-29.html');
    const turns = parseTurns(doc);
    console.log('claude-artifact-2026-01-29 turns per role:', countRoles(turns));
    expect(turns).toEqual([]);
    expect(findComposer(doc)).toBeNull();
    const panel = doc.querySelector('#markdown-artifact');
    const text = panel ? readableText(panel, { drop: DROP }) : '';
    expect(text.startsWith('Claude Code：AI がプログラミングを手伝ってくれるツール\n\n')).toBe(true);
    expect(text).toContain('curl -fsSL https://claude.ai/install.sh | sh');
    expect(text).not.toMatch(/Anthropic \+2|PromptLayer|Publish|Copy/);
  });
});
