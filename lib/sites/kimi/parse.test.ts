import { KIMI_SHARE_2026_07 } from '../../../test/fixtures/pages/new-site-outlines';
import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadPage,
  loadSharedPage,
} from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isSharedView, isStreaming, parseTurns } from './parse';

// Never part of a turn: tool calls, purchase cards, the sidebar.
const NOT_TEXT = /Searching:|Moderato|Sidebar|length limit/;

describe('Kimi, hand-made chat page of one’s own: one failure class per message (kimi-answers.html)', () => {
  const doc = loadPage('kimi-answers.html');

  it('reads every message as a person sees it', () => {
    expect(parseTurns(doc)).toEqual<ParsedTurn[]>([
      { siteMessageId: null, role: 'user', text: 'I bake on Saturdays.\nWhen should I feed my starter?' },
      // 2. not the tool call's text before it, nor the card after it
      { siteMessageId: null, role: 'assistant', text: 'Feed it on Friday night.\nBake on Saturday morning.' },
      { siteMessageId: null, role: 'user', text: 'And if it smells sour?' },
      { siteMessageId: null, role: 'assistant', text: 'That is normal:\n\nfeed it twice\nkeep it warm' },
      // 5. a segment of neither author: nothing read, reported
      { siteMessageId: null, role: 'assistant', text: '', missed: true },
    ]);
    for (const turn of parseTurns(doc)) expect(turn.text).not.toMatch(NOT_TEXT);
  });

  it('finds the chat list, not the sidebar, and the editor; it is the person’s own chat', () => {
    expect(findThread(doc)?.classList.contains('chat-content-list')).toBe(true);
    expect(findComposer(doc)?.classList.contains('chat-input-editor')).toBe(true);
    expect(isSharedView(doc)).toBe(false);
    expect(isStreaming(doc)).toBe(false);
  });
});

describe.skipIf(!hasSharedPages())('Kimi, real capture (#36)', () => {
  it('kimi-share-2026-07: a share page, read as 3 prompts and 3 answers and known as someone else’s thread', () => {
    const doc = loadSharedPage('kimi-share-2026-07.html');
    const turns = parseTurns(doc);
    console.log('kimi-share-2026-07 turns per role:', countRoles(turns));
    expectOutlines(turns, KIMI_SHARE_2026_07);
    // The parser reads it; capture never stores it (lib/capture/capture.test.ts, the shared-view case).
    expect(isSharedView(doc)).toBe(true);
    expect(findComposer(doc)).toBeNull();
  });
});
