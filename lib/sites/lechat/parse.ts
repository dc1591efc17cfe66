// Le Chat page -> the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { gridTable } from '../text-lines';
import { rowTurn } from '../reader';
import { answerOutside, turnsInThread } from '../thread';
import { queryFirst, readableText } from '../text';
import type { ParsedTurn } from '../types';
import { ANSWER, COMPOSER, DROP, REASONING, THREAD, TURN, USER_TEXT } from './selectors';

const READ = { drop: DROP, lines: gridTable };

function messageText(message: Element, role: 'user' | 'assistant'): string {
  if (role === 'user') {
    const typed = queryFirst(message, USER_TEXT);
    return typed ? readableText(typed, READ) : '';
  }
  return answerOutside(message, ANSWER, REASONING, READ);
}

export function findThread(root: ParentNode): Element | null {
  return queryFirst(root, THREAD);
}

/** One turn per message in the thread, with the site's own message id (the JSON's `id` too). */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  return turnsInThread(findThread(root), TURN).flatMap((message): ParsedTurn[] => {
    const author = message.getAttribute('data-message-author-role');
    if (author !== 'user' && author !== 'assistant') return [];
    const text = messageText(message, author);
    const siteMessageId = message.getAttribute('data-message-id') || null;
    // A message whose text is not where the reader looks is reported, never read whole with its chrome (#36).
    return rowTurn(message, author, text, READ, siteMessageId);
  });
}

export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

/**
 * No mark of a streaming answer is known (the capture is idle and no notes name one). A read mid-stream is
 * harmless: the message keeps the site's id, so the finished text replaces it at the next read.
 * TODO(2027-05): capture a streaming page.
 */
export function isStreaming(): boolean {
  return false;
}

/** Every message stays mounted (no virtual list in the 2026-05 capture). TODO(2027-05): check a long chat. */
export function isWindowed(): boolean {
  return false;
}
