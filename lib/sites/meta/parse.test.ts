import { META_AI_2026_05_SCROLLER } from '../../../test/fixtures/pages/new-site-outlines';
import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadPage,
  loadSharedPage,
  parsePage,
} from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { metaAdapter } from './adapter';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';

// Never part of a turn: the sent time, citation and source pills, the renderer's repeated code header, the sidebar.
const NOT_TEXT = /Today|rhs\.org|Sources ·|\npython\n|Sidebar|can make mistakes/;
const id = (n: number, who: string) => `aaaaaaaa-0000-4000-8000-000000000001_${n}_${who}`;

describe('Meta AI, hand-made: one failure class per message (meta-answers.html)', () => {
  const doc = loadPage('meta-answers.html');

  it('reads every message as a person sees it, with Meta’s message ids', () => {
    expect(parseTurns(doc)).toEqual<ParsedTurn[]>([
      // 1. the prompt, not its sent time
      {
        siteMessageId: id(1, 'user'),
        role: 'user',
        text: 'My balcony faces north.\nWhich herbs will grow there?',
      },
      // 2. parts joined: no pills, one code header, a table of div cells, the formula's TeX from its image
      {
        siteMessageId: id(2, 'assistant'),
        role: 'assistant',
        text: 'Mint and parsley cope with shade.\n\nPython\n\nplant("mint")\n\nHerb | Hours\nMint | 2\n\n\\frac{2}{3}',
      },
      { siteMessageId: id(3, 'user'), role: 'user', text: 'And basil?' },
      { siteMessageId: id(4, 'assistant'), role: 'assistant', text: 'Basil wants six hours of sun.' },
      // 5. a row with neither a prompt nor an answer: nothing read, reported
      { siteMessageId: null, role: 'assistant', text: '', missed: true },
    ]);
    for (const turn of parseTurns(doc)) expect(turn.text).not.toMatch(NOT_TEXT);
  });

  it('finds the scroller, not the sidebar, and the editor; the person can write here', () => {
    expect(findThread(doc)?.closest('nav')).toBeNull();
    expect(findThread(doc)?.querySelectorAll('[data-message-item]')).toHaveLength(5);
    expect(findComposer(doc)?.getAttribute('role')).toBe('textbox');
    expect(metaAdapter.isSharedView(doc)).toBe(false);
    expect(isStreaming(doc)).toBe(false);
  });
});

describe('Meta AI states', () => {
  it('knows an answer is being written by its streaming state', () => {
    const answer = (state: string, done: string) =>
      parsePage(`<div data-message-item="true"><div data-testid="assistant-message" data-streaming-state="${state}"
        data-streaming-complete="${done}"><div class="markdown-content">Half</div></div></div>`);
    expect(isStreaming(answer('STREAMING', 'false'))).toBe(true);
    expect(isStreaming(answer('DONE', 'true'))).toBe(false);
  });

  it('never reads a thread shown without a prompt box: someone else’s, read-only', () => {
    const feed =
      parsePage(`<div data-message-item="true" data-message-id="x_1_user"><div data-message-type="user">
      <span data-slot="text">I'm a nurse in Leeds</span></div></div>`);
    expect(metaAdapter.isSharedView(feed)).toBe(true);
  });
});

describe.skipIf(!hasSharedPages())('Meta AI, real capture (#36)', () => {
  it('meta-ai-2026-05-scroller: the prompt and the answer: no pills, one code header, the formula’s TeX', () => {
    const doc = loadSharedPage('meta-ai-2026-05-scroller.html');
    const turns = parseTurns(doc);
    console.log('meta-ai-2026-05-scroller turns per role:', countRoles(turns));
    expectOutlines(turns, META_AI_2026_05_SCROLLER);
    const answer = turns[1]!.text;
    expect(answer).toContain('Elixir\n\nIO.puts("Hello, world!")');
    expect(answer).not.toMatch(/en\.wikipedia\.org/);
    expect(answer.endsWith('e^{i\\pi}+1=0')).toBe(true);
    // A fragment without its prompt box: read by the parser, never captured as it stands.
    expect(metaAdapter.isSharedView(doc)).toBe(true);
  });
});
