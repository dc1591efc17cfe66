// Gemini page -> the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
// Gemini's conversation JSON is not read (adapter.ts says why), so the page is the only source: ids are hashes of
// the text (lib/capture/turn-id.ts), and a read is never the whole branch (isWindowed).
import { texSource } from '../text-lines';
import { rowTurn } from '../reader';
import { answerOutside, FRAMES, namedOrHolding, turnsInThread } from '../thread';
import { outermost, queryCandidates, queryFirst, readableText } from '../text';
import type { ParsedTurn } from '../types';
import {
  ANSWER,
  COMPOSER,
  DROP,
  MESSAGE,
  SIDE_PANEL,
  STREAMING,
  TEMPORARY,
  THOUGHTS,
  THREAD,
  USER_LINE,
  USER_TEXT,
} from './selectors';

const READ = { drop: DROP, lines: texSource };

/**
 * One line per `p.query-text-line`, as typed; blank lines kept once. Without lines, the prompt's text element,
 * else the `user-query` element itself: it is the person's message, so reading it whole (screen-reader labels and
 * buttons left out) reads no one else's words (#36).
 */
function userText(query: Element): string {
  const lines = queryCandidates(query, USER_LINE);
  if (lines.length === 0) return readableText(queryFirst(query, USER_TEXT) ?? query, READ);
  return lines
    .map((line) => readableText(line, READ))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function answerText(response: Element): string {
  return answerOutside(response, ANSWER, THOUGHTS, READ);
}

export function findThread(root: ParentNode): Element | null {
  return namedOrHolding(root, THREAD, MESSAGE, [...FRAMES, ...SIDE_PANEL]);
}

/**
 * Every prompt and answer of the thread in page order, each by its own element (`user-query`, `model-response`),
 * whatever wraps them: a prompt outside its exchange's container is still read, and a message whose text is not
 * where the reader looks is reported, never filled from its neighbour (#36).
 */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  return outermost(turnsInThread(findThread(root), MESSAGE)).flatMap((message) =>
    message.localName === 'user-query'
      ? rowTurn(message, 'user', userText(message), READ)
      : rowTurn(message, 'assistant', answerText(message), READ),
  );
}

/** Quill's editor, never its hidden clipboard twin. */
export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

export function isStreaming(root: ParentNode): boolean {
  return queryFirst(root, STREAMING) !== null;
}

/**
 * Always: Gemini's infinite scroller loads a long chat's latest turns and the earlier ones only as the person
 * scrolls up (it reads chats in pages of ten turns, per other projects' notes on its hNvQHb call), and no mark says
 * when the top is reached. A partial read never marks unseen turns superseded (#14). TODO(2027-05): look for one.
 */
export function isWindowed(root: ParentNode): boolean {
  return findThread(root) !== null;
}

export function isTemporary(root: ParentNode): boolean {
  return queryFirst(root, TEMPORARY) !== null;
}
