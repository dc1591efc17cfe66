// Grok page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { rowTurn } from '../reader';
import { matchesAny, queryFirst, readableText } from '../text';
import { turnsInThread } from '../thread';
import type { ParsedTurn } from '../types';
import { ASSISTANT_ROW, COMPOSER, DROP, STREAMING, TEXT, THREAD, TURN, USER_ROW } from './selectors';

const READ = { drop: DROP };

function roleOf(row: Element): ParsedTurn['role'] | null {
  if (matchesAny(row, USER_ROW)) return 'user';
  return matchesAny(row, ASSISTANT_ROW) ? 'assistant' : null;
}

/** The row's id is the response id the JSON uses (`response-<uuid>`), so a page read and a JSON read agree. */
function responseId(row: Element): string | null {
  return /^response-([0-9a-f-]{36})$/.exec(row.id)?.[1] ?? null;
}

function rowTurns(row: Element): ParsedTurn[] {
  const role = roleOf(row);
  const text = queryFirst(row, TEXT);
  return rowTurn(row, role, text ? readableText(text, READ) : '', READ, responseId(row));
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

/** Grok mounts every row of the chat it shows (both captures); no sign of a windowed list. */
export function isWindowed(): boolean {
  return false;
}
