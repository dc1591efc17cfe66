// Google AI Studio page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
// The Build chat draws one answer as several rows (thinking, text, changed files, a checkpoint); the rows between
// two prompts are one answer, and a row with no text of its own is not a turn (#36).
import { joinAnswers, rowTurn } from '../reader';
import { matchesAny, queryFirst } from '../text';
import { answerOutside, turnsInThread } from '../thread';
import type { ParsedTurn } from '../types';
import { COMPOSER, DROP, MODEL_ROW, NOT_TEXT, STREAMING, TEXT, THREAD, TURN, USER_ROW } from './selectors';

const READ = { drop: DROP };

function roleOf(row: Element): ParsedTurn['role'] | null {
  if (matchesAny(row, USER_ROW)) return 'user';
  return matchesAny(row, MODEL_ROW) ? 'assistant' : null;
}

function rowTurns(row: Element): ParsedTurn[] {
  const role = roleOf(row);
  return rowTurn(row, role, answerOutside(row, TEXT, NOT_TEXT, READ), READ);
}

export function findThread(root: ParentNode): Element | null {
  return queryFirst(root, THREAD);
}

export function parseTurns(root: ParentNode): ParsedTurn[] {
  return joinAnswers(turnsInThread(findThread(root), TURN).flatMap(rowTurns));
}

export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

export function isStreaming(root: ParentNode): boolean {
  return queryFirst(root, STREAMING) !== null;
}

/** Both pages mount every turn of the prompt they show (the capture holds all 61). */
export function isWindowed(): boolean {
  return false;
}
