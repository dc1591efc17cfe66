// Perplexity page -> the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { missedTurn, rowTurn } from '../reader';
import { namedOrHolding, turnsInThread } from '../thread';
import { queryFirst, readableText } from '../text';
import type { ParsedTurn } from '../types';
import { ANSWER, ANSWER_INDEX, COMPOSER, DROP, STREAMING, THREAD, TURN, USER_TEXT } from './selectors';

const READ = { drop: DROP };

const read = (el: Element | null): string => (el ? readableText(el, READ) : '');

export function findThread(root: ParentNode): Element | null {
  return namedOrHolding(root, THREAD, TURN);
}

/**
 * Each answer panel yields its query, then its answer. A panel always holds a query: one the reader cannot find is
 * reported, never taken from the panel's other text; an answer not there yet is still being written.
 */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  return turnsInThread(findThread(root), TURN).flatMap((turn) => {
    const query = queryFirst(turn, USER_TEXT);
    const answer = queryFirst(turn, ANSWER);
    return [
      ...(query ? rowTurn(query, 'user', read(query), READ) : [missedTurn('user')]),
      ...(answer ? rowTurn(answer, 'assistant', read(answer), READ) : []),
    ];
  });
}

export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

export function isStreaming(root: ParentNode): boolean {
  return queryFirst(root, STREAMING) !== null;
}

/**
 * True when the answers on the page are not entries 0..n-1 of the thread: each answer's id carries its entry's
 * index (markdown-content-0, -1, -2 in -02-27), so a thread mounted from a later entry, or with a gap, is partial.
 */
export function isWindowed(root: ParentNode): boolean {
  const thread = findThread(root);
  if (!thread) return false;
  const indexes = turnsInThread(thread, TURN).map((turn) => {
    const id = queryFirst(turn, ANSWER)?.id ?? '';
    return Number(ANSWER_INDEX.exec(id)?.[1] ?? NaN);
  });
  return indexes.some((index, i) => index !== i);
}
