// Kimi page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { rowTurn } from '../reader';
import { matchesAny, queryFirst, readableText } from '../text';
import { answerOutside, turnsInThread } from '../thread';
import type { ParsedTurn } from '../types';
import {
  ANSWER,
  ASSISTANT_ROW,
  COMPOSER,
  DROP,
  SHARED_VIEW,
  STREAMING,
  THINKING,
  THREAD,
  TURN,
  USER_ROW,
  USER_TEXT,
} from './selectors';

const READ = { drop: DROP };
const TYPED = { ...READ, preformatted: true };

function rowTurns(row: Element): ParsedTurn[] {
  if (matchesAny(row, USER_ROW)) {
    const prompt = queryFirst(row, USER_TEXT);
    return rowTurn(row, 'user', prompt ? readableText(prompt, TYPED) : '', READ);
  }
  const role = matchesAny(row, ASSISTANT_ROW) ? 'assistant' : null;
  return rowTurn(row, role, role ? answerOutside(row, ANSWER, THINKING, READ) : '', READ);
}

export function findThread(root: ParentNode): Element | null {
  return queryFirst(root, THREAD);
}

export function parseTurns(root: ParentNode): ParsedTurn[] {
  return turnsInThread(findThread(root), TURN).flatMap(rowTurns);
}

export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

export function isStreaming(root: ParentNode): boolean {
  return queryFirst(root, STREAMING) !== null;
}

/** Someone's shared thread, read-only: never the person's own chat (#34 item 2). */
export function isSharedView(root: ParentNode): boolean {
  return queryFirst(root, SHARED_VIEW) !== null;
}

/** Kimi loads a long chat's earlier messages as the person scrolls up; nothing says when all are there. */
export function isWindowed(root: ParentNode): boolean {
  return findThread(root) !== null;
}
