// Conformance of the Claude parser with real captures of 2026-02 and 2026-05 (#14), which the 2026-01 parser
// read wrongly: a tool-first answer and a thinking-first answer were lost, a split answer kept one block.
// Outlines: test/fixtures/pages/claude-outlines.ts.
import { CLAUDE_2026_02_27, CLAUDE_2026_05_FORMATTING } from '../../../test/fixtures/pages/claude-outlines';
import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadSharedPage,
} from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';

// Labels that must never reach a turn: sr-only headings, status and thinking rows, cards, the action bar.
const NOT_TEXT =
  /You said|Claude responded|Created a file|read a file|Presented file|Research complete|sources|Identified markdown|Download|Copy/;

function expectRead(turns: readonly ParsedTurn[]): void {
  for (const turn of turns) {
    expect(turn.text).not.toMatch(NOT_TEXT);
    // The sr-only heading repeats each message's first line; it must not be read a second time.
    const first = turn.text.split('\n')[0]!;
    expect(turn.text.split(first).length - 1).toBe(1);
  }
}

describe.skipIf(!hasSharedPages())('Claude 2026-02 and 2026-05 layouts, real captures (#14)', () => {
  it('claude-2026-02-27: every one of the 14 turns, alternating, outlined', () => {
    const doc = loadSharedPage('claude-2026-02-27.html');
    const turns = parseTurns(doc);
    console.log('claude-2026-02-27 turns per role:', countRoles(turns));
    expectOutlines(turns, CLAUDE_2026_02_27);
    expectRead(turns);
    expect(findComposer(doc)?.getAttribute('data-testid')).toBe('chat-input');
    expect(findThread(doc)?.querySelectorAll(':scope > [data-test-render-count]')).toHaveLength(14);
    expect(isStreaming(doc)).toBe(false);
  });

  it('claude-2026-05-formatting: both turns, without the thinking label or the headings', () => {
    const doc = loadSharedPage('claude-2026-05-formatting.html');
    const turns = parseTurns(doc);
    console.log('claude-2026-05-formatting turns per role:', countRoles(turns));
    expectOutlines(turns, CLAUDE_2026_05_FORMATTING);
    expectRead(turns);
    const answer = turns[1]!.text;
    expect(answer).toContain('defmodule Hello do');
    expect(answer).toContain('Denmark | ~44,000 | 37 | 25 | 67');
    expect(answer.match(/e\^\{i\\pi\} \+ 1 = 0/g)).toHaveLength(1);
    expect(isStreaming(doc)).toBe(false);
  });
});
