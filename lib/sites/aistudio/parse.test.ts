import { AISTUDIO_BUILD_2025_11 } from '../../../test/fixtures/pages/new-site-outlines';
import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadPage,
  loadSharedPage,
} from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';

// Never part of a turn: headers, thoughts, icons by name, checkpoints, failed runs, the library.
const NOT_TEXT =
  /^User|Model\b|Thoughts|The user asks|thumb_up|Checkpoint|Restored from|internal error|Library:/m;

describe('AI Studio, hand-made chat page: one failure class per turn (aistudio-answers.html)', () => {
  const doc = loadPage('aistudio-answers.html');

  it('reads every turn as a person sees it', () => {
    expect(parseTurns(doc)).toEqual<ParsedTurn[]>([
      { siteMessageId: null, role: 'user', text: 'I bake on Saturdays.\n\nWhen should I feed my starter?' },
      // 2. not the thought before it
      {
        siteMessageId: null,
        role: 'assistant',
        text: 'Feed it on Friday night:\n\nfeed(starter, hours=12)\n\nat 9 pm\nat room temperature',
      },
      { siteMessageId: null, role: 'user', text: 'And if it smells sour?' },
      // 4. two text chunks, not the icon between them
      { siteMessageId: null, role: 'assistant', text: 'That is normal.\n\nFeed it twice.' },
      // 5. a role AI Studio does not name: nothing read, reported
      { siteMessageId: null, role: 'assistant', text: '', missed: true },
    ]);
    for (const turn of parseTurns(doc)) expect(turn.text).not.toMatch(NOT_TEXT);
  });

  it('finds the session, not the prompt library, and the textarea', () => {
    expect(findThread(doc)?.localName).toBe('ms-chat-session');
    expect(findComposer(doc)?.localName).toBe('textarea');
    expect(isStreaming(doc)).toBe(false);
  });
});

describe.skipIf(!hasSharedPages())('AI Studio, real capture (#36)', () => {
  // The largest real page (670 kB of markup once its styles are gone, 61 turns): happy-dom takes seconds to parse
  // it on a loaded machine, so the parse is the hook's work and its budget, and the test reads the parsed page.
  let doc: Document;
  beforeAll(() => {
    doc = loadSharedPage('aistudio-build-2025-11.html');
  }, 60_000);

  it('aistudio-build-2025-11: 31 prompts and 30 answers; an answer over several rows is one turn', () => {
    const turns = parseTurns(doc);
    console.log('aistudio-build-2025-11 turns per role:', countRoles(turns));
    expect(countRoles(turns)).toEqual({ user: 31, assistant: 30 });
    expectOutlines(turns, AISTUDIO_BUILD_2025_11);
    for (const turn of turns) expect(turn.text).not.toMatch(NOT_TEXT);
    expect(findComposer(doc)?.classList.contains('cdk-textarea-autosize')).toBe(true);
    expect(findComposer(doc)?.localName).toBe('textarea');
  });
});
