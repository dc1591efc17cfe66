import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadPage,
  loadSharedPage,
  parsePage,
  type TurnOutline,
} from '../../../test/fixtures/pages/load';
import { expectClean, expectProseMirrorComposer } from '../../../test/fixtures/pages/claude-expect';
import { readableText } from '../text';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';
import { DROP } from './selectors';

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
