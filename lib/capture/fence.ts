import { BLOCK_CLOSE, BLOCK_OPEN } from '../recall/markers';
import { introHash } from './intro-hash';

// Every block intro of every language, and every earlier wording, as hashes (scripts/locales.ts, #37): a block
// written in Japanese, or in English before the person switched, is fenced as any other.
const INTROS = new Set<number>(JSON.parse(import.meta.env.ENGRAM_BLOCK_INTROS as string));

// The lines renderBlock writes (block.ts): the intro, titles ("About me:", "Über mich:", "私について：", "On 8 May
// 2023:", "2023年5月8日：") and "- " items. A shape, not the exact titles: this runs in content scripts, under a
// size budget. A title starts with a capital, a letter of a script with no case, or a digit (a day).
const isBlockLine = (line: string) =>
  INTROS.has(introHash(line)) || /^(?:[\p{Lu}\p{Lo}\d][^:：\n]{0,40}[:：]|- .*)$/u.test(line);

/**
 * Where a block with no close marker ends (the user deleted the end): only a marker alone on its line opens
 * one, and it runs to the first line renderBlock would not have written. A marker quoted in a sentence is
 * the user's text (#11: such a turn lost everything after the marker).
 */
function unclosedEnd(text: string, start: number): number | null {
  const after = start + BLOCK_OPEN.length;
  const eol = text.indexOf('\n', after);
  const rest = text.slice(after, eol === -1 ? text.length : eol);
  if ((start > 0 && text[start - 1] !== '\n') || rest.trim()) return null;
  let end = eol === -1 ? text.length : eol;
  while (end < text.length) {
    const next = text.indexOf('\n', end + 1);
    if (!isBlockLine(text.slice(end + 1, next === -1 ? text.length : next))) break;
    end = next === -1 ? text.length : next;
  }
  return end;
}

/** Removes Engram's own inserted block so recalled memories are never captured back as new facts (#3). */
export function fenceOwnBlock(text: string): string {
  let out = text;
  let from = 0;
  for (let start = out.indexOf(BLOCK_OPEN, from); start !== -1; start = out.indexOf(BLOCK_OPEN, from)) {
    const close = out.indexOf(BLOCK_CLOSE, start);
    const nextOpen = out.indexOf(BLOCK_OPEN, start + BLOCK_OPEN.length);
    // A close that belongs to a later block does not close this one.
    const closed = close !== -1 && (nextOpen === -1 || close < nextOpen);
    const end = closed ? close + BLOCK_CLOSE.length : unclosedEnd(out, start);
    if (end === null) {
      from = start + BLOCK_OPEN.length;
      continue;
    }
    out = out.slice(0, start) + out.slice(end);
    from = start;
  }
  return out.replace(/\n{3,}/g, '\n\n').trim();
}
