import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadPage,
  loadSharedPage,
  parsePage,
  type TurnOutline,
} from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';

// Chrome that must never reach a turn's text, whatever the layout.
const CHROME =
  /Copy|You said|ChatGPT said|Humanize|QuillBot|Thought for|Sources|opens in a new tab|example\.org/;

function expectClean(turns: readonly ParsedTurn[]): void {
  for (const turn of turns) expect(turn.text).not.toMatch(CHROME);
}

describe('ChatGPT older layout, hand-made (chatgpt-older.html)', () => {
  const doc = loadPage('chatgpt-older.html');
  const turns = parseTurns(doc);

  it('reads every turn as a person sees it', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      {
        siteMessageId: 'u-0001',
        role: 'user',
        text: 'How do I reverse a list in Python\nwithout changing the original?',
      },
      {
        siteMessageId: 'a-0002',
        role: 'assistant',
        text: [
          'Use slicing, which returns a new list:',
          'def reversed_copy(items):\n    return items[::-1]\n\nprint(reversed_copy([1, 2, 3]))  # [3, 2, 1]',
          'Other options:',
          'list(reversed(items)) also copies.\nitems.reverse() changes the list in place.',
        ].join('\n\n'),
      },
      { siteMessageId: 'u-0003', role: 'user', text: 'What is the area of a circle with radius 3?' },
      {
        siteMessageId: 'a-0004',
        role: 'assistant',
        text: [
          'The area of a circle is A = \\pi r^2, so with r = 3:',
          'A = 9\\pi \\approx 28.27',
          'So the area is about 28.27 square units.',
        ].join('\n\n'),
      },
    ]);
  });

  it('keeps code, writes math once and drops chrome and extension noise', () => {
    const all = turns.map((turn) => turn.text).join('\n');
    expect(all).toContain('    return items[::-1]\n');
    expect(all.match(/28\.27/g)).toHaveLength(2); // once in the display formula, once in the prose
    expect(all).not.toContain('π'); // the KaTeX HTML twin and the MathML glyphs are not read
    expectClean(turns);
  });

  it('finds the ProseMirror composer, the thread, and no stream', () => {
    const composer = findComposer(doc);
    expect(composer?.localName).toBe('div');
    expect(composer?.id).toBe('prompt-textarea');
    expect(findThread(doc)?.id).toBe('thread');
    expect(isStreaming(doc)).toBe(false);
  });
});

describe('ChatGPT current layout, hand-made (chatgpt-current.html)', () => {
  const doc = loadPage('chatgpt-current.html');
  const turns = parseTurns(doc);

  it('splits each turn element into the prompt and its answer', () => {
    expect(turns).toEqual<ParsedTurn[]>([
      { siteMessageId: null, role: 'user', text: 'How do I count the lines in every .ts file?' },
      {
        siteMessageId: null,
        role: 'assistant',
        text: "Combine find with wc:\n\nfind . -name '*.ts' \\\n  | xargs wc -l\n\nThe last line is the total.",
      },
      { siteMessageId: null, role: 'user', text: 'And the sum of the first n odd numbers?' },
      {
        siteMessageId: null,
        role: 'assistant',
        text: [
          'Let me check the pattern first.',
          'It is always a square: \\sum_{k=1}^{n} (2k-1) = n^2.',
          'For example, 1 + 3 + 5 = 9.',
        ].join('\n\n'),
      },
    ]);
    expectClean(turns);
  });

  it('finds the ProseMirror composer and the timeline scroller', () => {
    expect(findComposer(doc)?.getAttribute('contenteditable')).toBe('true');
    expect(findComposer(doc)?.id).toBe('prompt-textarea');
    expect(findThread(doc)?.hasAttribute('data-app-action-timeline-scroll')).toBe(true);
    expect(isStreaming(doc)).toBe(false);
  });
});

describe('ChatGPT edge cases', () => {
  it('reads only the first of two A/B answers', () => {
    const doc =
      parsePage(`<div data-turn-key="k"><div data-user-message-bubble><div class="whitespace-pre-wrap">Hi</div></div>
      <ul><li data-message-role="assistant"><div data-markdown-text-style="assistant-message"><p>Answer A</p></div></li>
      <li data-message-role="assistant"><div data-markdown-text-style="assistant-message"><p>Answer B</p></div></li></ul></div>`);
    expect(parseTurns(doc).map((turn) => turn.text)).toEqual(['Hi', 'Answer A']);
  });

  it('takes a message id from any element holding the text in the current layout', () => {
    const doc = parsePage(`<div data-turn-key="k"><div data-message-id="u1"><div data-user-message-bubble>
      <div class="whitespace-pre-wrap">Hi</div></div></div></div>`);
    expect(parseTurns(doc)).toEqual([{ siteMessageId: 'u1', role: 'user', text: 'Hi' }]);
  });

  it('keeps a streaming answer, skips empty turns and reports the stream', () => {
    const doc =
      parsePage(`<div data-turn-key="k"><div data-user-message-bubble><div class="whitespace-pre-wrap">
      </div></div><div data-markdown-text-style="assistant-message"><p>Half an ans</p></div></div>
      <form><button data-testid="stop-button" aria-label="Stop streaming"></button></form>`);
    expect(parseTurns(doc)).toEqual([{ siteMessageId: null, role: 'assistant', text: 'Half an ans' }]);
    expect(isStreaming(doc)).toBe(true);
  });

  it('reads turns only in the thread, never a panel that reuses their markup (#24 item 5)', () => {
    const article = (n: number, role: string, text: string) =>
      `<article data-testid="conversation-turn-${n}"><div data-message-author-role="${role}">${
        role === 'user'
          ? `<div class="whitespace-pre-wrap">${text}</div>`
          : `<div class="markdown"><p>${text}</p></div>`
      }</div></article>`;
    const thread = `${article(1, 'user', 'Hi')}${article(2, 'assistant', 'Hello')}`;
    const panel = `<aside>${article(9, 'assistant', 'Canvas draft')}</aside>`;
    const expected = ['Hi', 'Hello'];
    // older layout: a named #thread, the panel after it
    expect(parseTurns(parsePage(`<div id="thread">${thread}</div>${panel}`)).map((t) => t.text)).toEqual(
      expected,
    );
    // no named thread: the panel before it, the turns each wrapped
    const wrapped = `${panel}<main><div><div>${article(1, 'user', 'Hi')}</div><div>${article(2, 'assistant', 'Hello')}</div></div></main>`;
    const doc = parsePage(wrapped);
    expect(parseTurns(doc).map((t) => t.text)).toEqual(expected);
    expect(findThread(doc)?.closest('aside')).toBeNull();
    // current layout: the timeline scroller, a project panel beside it
    const current =
      parsePage(`<div data-app-action-timeline-scroll><div data-turn-key="k"><div data-user-message-bubble>
      <div class="whitespace-pre-wrap">Hi</div></div><div data-markdown-text-style="assistant-message"><p>Hello</p></div>
      </div></div><aside><div data-turn-key="p"><div data-markdown-text-style="assistant-message"><p>Project note</p>
      </div></div></aside>`);
    expect(parseTurns(current).map((t) => t.text)).toEqual(expected);
  });

  it('finds nothing on a page without a conversation', () => {
    const doc = parsePage('<main><p>Log in</p><textarea name="prompt-textarea"></textarea></main>');
    expect(parseTurns(doc)).toEqual([]);
    expect(findComposer(doc)).toBeNull();
    expect(findThread(doc)).toBeNull();
  });
});

// Real capture, never copied into the repository: only each turn's outline is written down here, checked by
// reading the capture (user turns as typed; answers without sr-only labels, buttons or citation pills).
const CAPTURE_2026_01_29: TurnOutline[] = [
  {
    role: 'user',
    head: 'ChatGPTのhtml構造をテストするための質問です。「はい」とだけ答えて。',
    tail: 'るための質問です。「はい」とだけ答えて。',
    length: 39,
  },
  { role: 'assistant', head: 'はい', tail: 'はい', length: 2 },
  { role: 'user', head: '次は「いいえ」だけ答えて', tail: '次は「いいえ」だけ答えて', length: 12 },
  { role: 'assistant', head: 'いいえ', tail: 'いいえ', length: 3 },
  {
    role: 'user',
    head: 'この Research 依頼はテスト用です。最小のリサーチ結果を提供してください',
    tail: '。最小のリサーチ結果を提供してください。',
    length: 41,
  },
  {
    role: 'assistant',
    head: '承知しました。テスト用とのことですが、どのようなテーマまたはキーワードについて最',
    tail: 'せんので、少しだけご指定いただけますか？',
    length: 86,
  },
  {
    role: 'user',
    head: 'ChatGPT の提供する機能についてまとめてください。',
    tail: 'の提供する機能についてまとめてください。',
    length: 28,
  },
  {
    role: 'assistant',
    head: '了解しました。ChatGPT が提供する主な機能について簡潔にまとめたリサーチを',
    tail: 'すので、その間もご自由にお話しください。',
    length: 76,
  },
  // The deep-research report: a title, four sections, no source pills and no "Sources" button.
  {
    role: 'assistant',
    head: 'ChatGPTの機能概要 ChatGPTは会話形式のAIアシスタントで、質問回答',
    tail: 'ンターおよびGPT-4リサーチレポート。',
    length: 1538,
  },
];

describe.skipIf(!hasSharedPages())('ChatGPT older layout, real capture chatgpt-2026-01-29', () => {
  const doc = hasSharedPages() ? loadSharedPage('chatgpt-2026-01-29.html') : parsePage('');
  const turns = parseTurns(doc);

  it('finds the 9 turns a person sees, text outlined', () => {
    console.log('chatgpt-2026-01-29 turns per role:', countRoles(turns));
    expect(countRoles(turns)).toEqual({ user: 4, assistant: 5 });
    expectOutlines(turns, CAPTURE_2026_01_29);
    expect(turns.every((turn) => turn.siteMessageId !== null)).toBe(true);
    expect(turns.map((turn) => turn.text).join('\n')).not.toMatch(
      /help\.openai\.com|Research completed|Free offer/,
    );
    expectClean(turns);
  });

  it('keeps headings and list items of the report on their own lines', () => {
    const report = turns.at(-1)?.text ?? '';
    expect(report.startsWith('ChatGPTの機能概要\n\n')).toBe(true);
    expect(report.split('\n').length).toBeGreaterThan(20);
  });

  it('finds the ProseMirror composer, not the hidden textarea', () => {
    expect(findComposer(doc)?.id).toBe('prompt-textarea');
    expect(findComposer(doc)?.localName).toBe('div');
    expect(findThread(doc)?.id).toBe('thread');
    expect(isStreaming(doc)).toBe(false);
  });
});
