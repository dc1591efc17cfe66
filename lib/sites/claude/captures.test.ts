// Conformance of the Claude parser with real captures of 2026-02 and 2026-05 (#14), which the 2026-01 parser
// read wrongly: a tool-first answer and a thinking-first answer were lost, a split answer kept one block.
// The captures are never copied here: each turn's outline was written down by reading the capture (user
// turns as typed; answers as all their text blocks, without tool rows, thinking rows, file cards, research
// cards, the action bar and the sr-only headings).
import {
  countRoles,
  expectOutlines,
  hasSharedPages,
  loadSharedPage,
  type TurnOutline,
} from '../../../test/fixtures/pages/load';
import type { ParsedTurn } from '../types';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';

const u = (head: string, tail: string, length: number): TurnOutline => ({ role: 'user', head, tail, length });
const a = (head: string, tail: string, length: number): TurnOutline => ({
  role: 'assistant',
  head,
  tail,
  length,
});

const CAPTURE_2026_02_27: TurnOutline[] = [
  u(
    'Claude の html構造をテストするための質問です。「はい」とだけ答えて。',
    'るための質問です。「はい」とだけ答えて。',
    40,
  ),
  a('はい', 'はい', 2),
  u('次は「いいえ」だけ答えて。', '次は「いいえ」だけ答えて。', 13),
  a('いいえ', 'いいえ', 3),
  u('次の内容の artifact を作成して。 Claude Code の概要につい', 'Claude Code の概要について。', 42),
  // Tool rows ("Created a file, read a file") first, then the text, then the file card: the text only.
  a(
    'Claude Code の概要をまとめた artifact を作成しました。VS',
    'ン問題についても注記を入れておきました。',
    74,
  ),
  u('Claude Code の概要について調査分析してください。', 'e の概要について調査分析してください。', 30),
  a(
    'Claude Code の概要について調査を始めます。いくつか確認させてください',
    'be Coding の記事との関連など）',
    231,
  ),
  u(
    '基本的な機能のみで良いです。 技術的な観点は不要です。 素人向けです。',
    '技術的な観点は不要です。 素人向けです。',
    35,
  ),
  // Two blocks around the research card ("Research complete • 108 sources") and before a report card.
  a(
    '了解しました。素人向けに Claude Code の基本的な機能概要を調査します',
    '（月額$20〜）の比較表を含んでいます。',
    162,
  ),
  u('数式をいくつか表現して表示して。', '数式をいくつか表現して表示して。', 16),
  // A block, then tool rows, then the second block (the one the 2026-01 parser dropped) and a file card.
  a(
    '数式をいくつか表現したartifactを作成します。 数式サンプル集を作成しまし',
    'レーディンガー方程式、マクスウェル方程式',
    208,
  ),
  u('chat で数式を表示できますか。', 'chat で数式を表示できますか。', 17),
  a(
    'はい、チャット上でも数式を表示できます。LaTeX 記法を使うと、以下のように表',
    '= c^2 のように文中に埋め込めます。',
    499,
  ),
];

const CAPTURE_2026_05: TurnOutline[] = [
  u('Please write a short response that inclu', "be Euler's Identity.", 446),
  // After the collapsed thinking row: text, an Elixir block (its label "elixir" is shown), a table, the math.
  a('Here is a short response demonstrating v', '| 3 e^{i\\pi} + 1 = 0', 559),
];

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
    expectOutlines(turns, CAPTURE_2026_02_27);
    expectRead(turns);
    expect(findComposer(doc)?.getAttribute('data-testid')).toBe('chat-input');
    expect(findThread(doc)?.querySelectorAll(':scope > [data-test-render-count]')).toHaveLength(14);
    expect(isStreaming(doc)).toBe(false);
  });

  it('claude-2026-05-formatting: both turns, without the thinking label or the headings', () => {
    const doc = loadSharedPage('claude-2026-05-formatting.html');
    const turns = parseTurns(doc);
    console.log('claude-2026-05-formatting turns per role:', countRoles(turns));
    expectOutlines(turns, CAPTURE_2026_05);
    expectRead(turns);
    const answer = turns[1]!.text;
    expect(answer).toContain('defmodule Hello do');
    expect(answer).toContain('Denmark | ~44,000 | 37 | 25 | 67');
    expect(answer.match(/e\^\{i\\pi\} \+ 1 = 0/g)).toHaveLength(1);
    expect(isStreaming(doc)).toBe(false);
  });
});
