// DeepSeek page -> the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { answerOutside, turnsInThread } from '../thread';
import { queryFirst, readableText } from '../text';
import type { ParsedTurn } from '../types';
import { ANSWER, COMPOSER, DROP, STREAMING, THINKING, THREAD, TURN, VIRTUAL } from './selectors';

const READ = { drop: DROP };
const TYPED = { ...READ, preformatted: true };

function isAssistant(message: Element): boolean {
  return queryFirst(message, [...ANSWER, ...THINKING]) !== null;
}

function answerText(message: Element): string {
  return answerOutside(message, ANSWER, THINKING, READ);
}

export function findThread(root: ParentNode): Element | null {
  return queryFirst(root, THREAD);
}

/**
 * One turn per message in the thread; a message with an answer or reasoning is the assistant's. Ids are hashes of
 * the text: the list item's `data-virtual-list-item-key` counts messages ("1", "2" in the capture) but is not known
 * to be the JSON's `message_id` after a regenerate, and a wrong id would bring back a superseded answer.
 */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  return turnsInThread(findThread(root), TURN).flatMap((message): ParsedTurn[] => {
    const role = isAssistant(message) ? 'assistant' : 'user';
    // The prompt bubble shows the text as typed (pre-wrap by a hashed class), never rendered markdown.
    const text = role === 'assistant' ? answerText(message) : readableText(message, TYPED);
    return text ? [{ siteMessageId: null, role, text }] : [];
  });
}

export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

export function isStreaming(root: ParentNode): boolean {
  return queryFirst(root, STREAMING) !== null;
}

/** A virtual list mounts only what is near the viewport, and nothing says whether all of it is mounted. */
export function isWindowed(root: ParentNode): boolean {
  return queryFirst(root, VIRTUAL) !== null;
}
