// Copilot page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { rowTurn } from '../reader';
import { outermost, queryCandidates, queryFirst, readableText } from '../text';
import { turnsInThread } from '../thread';
import type { ParsedTurn } from '../types';
import { ANSWER_PART, ANSWER_ROW, COMPOSER, DROP, STREAMING, THREAD, TURN, USER_TEXT } from './selectors';

const READ = { drop: DROP };
const TYPED = { ...READ, preformatted: true };

const isAnswer = (row: Element) => ANSWER_ROW.some((s) => row.matches(s));

/** Every part of the answer, in order; an answer whose parts are not named is its article without the chrome. */
function answerText(row: Element): string {
  const parts = outermost(queryCandidates(row, ANSWER_PART));
  const read = (parts.length > 0 ? parts : [row]).map((part) => readableText(part, READ));
  return read.filter((part) => part !== '').join('\n\n');
}

function rowTurns(row: Element): ParsedTurn[] {
  if (isAnswer(row)) return rowTurn(row, 'assistant', answerText(row), READ);
  const prompt = queryFirst(row, USER_TEXT);
  return rowTurn(row, prompt ? 'user' : null, prompt ? readableText(prompt, TYPED) : '', READ);
}

export function findThread(root: ParentNode): Element | null {
  return queryFirst(root, THREAD);
}

/** One turn per article of the conversation: an answer names itself, a prompt holds its user message. */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  return turnsInThread(findThread(root), TURN).flatMap(rowTurns);
}

export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

export function isStreaming(root: ParentNode): boolean {
  return queryFirst(findThread(root) ?? root, STREAMING) !== null;
}

/**
 * Copilot mounts a long chat's earlier messages as the person scrolls up (copilot-2026-03-main: a `sentinel-div`
 * at the top of the "backstage" chats loads more); nothing says when all are there.
 */
export function isWindowed(root: ParentNode): boolean {
  return findThread(root) !== null;
}
