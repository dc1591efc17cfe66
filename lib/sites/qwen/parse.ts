// Qwen Chat page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { rowTurn } from '../reader';
import { matchesAny, queryFirst, readableText } from '../text';
import { turnsInThread } from '../thread';
import type { ParsedTurn } from '../types';
import { codeLines } from './code';
import {
  ANSWER,
  ASSISTANT_ROW,
  COMPOSER,
  DROP,
  STREAMING,
  THREAD,
  TURN,
  USER_ROW,
  USER_TEXT,
} from './selectors';

const READ = { drop: DROP, lines: codeLines };
const TYPED = { drop: DROP, preformatted: true };

/** The message id Qwen puts in the element's id, which its JSON uses too. */
function messageId(row: Element): string | null {
  return /^qwen-chat-message-(?:user|assistant)-([0-9a-f-]{36})$/.exec(row.id)?.[1] ?? null;
}

function rowTurns(row: Element): ParsedTurn[] {
  const id = messageId(row);
  if (matchesAny(row, USER_ROW)) {
    const prompt = queryFirst(row, USER_TEXT);
    return rowTurn(row, 'user', prompt ? readableText(prompt, TYPED) : '', READ, id);
  }
  const answer = matchesAny(row, ASSISTANT_ROW) ? queryFirst(row, ANSWER) : null;
  const role = matchesAny(row, ASSISTANT_ROW) ? 'assistant' : null;
  return rowTurn(row, role, answer ? readableText(answer, READ) : '', READ, id);
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

/** Qwen mounts the whole branch it shows (the capture; its JSON holds the same). */
export function isWindowed(): boolean {
  return false;
}
