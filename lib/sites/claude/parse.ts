// Claude page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { threadAround, turnsInThread } from '../thread';
import { outermost, queryFirst, readableText } from '../text';
import type { ParsedTurn } from '../types';
import {
  ASSISTANT_MESSAGE,
  COMPOSER,
  DROP,
  STATUS_LABEL,
  STATUS_ROW,
  STATUS_TOGGLE,
  STREAMING,
  TEXT_BLOCK,
  THREAD,
  TURN,
  USER_TEXT,
} from './selectors';

const READ = { drop: DROP };

function userTurn(row: Element): ParsedTurn | null {
  const el = queryFirst(row, USER_TEXT);
  const text = el ? readableText(el, READ) : '';
  return text ? { siteMessageId: null, role: 'user', text } : null;
}

/** Tool, status and thinking rows inside one message: by name, or as the parent of a toggle's live label. */
function statusRows(message: Element): Element[] {
  const named = [...message.querySelectorAll(STATUS_ROW.join(', '))];
  const labelled = [...message.querySelectorAll(STATUS_LABEL)].flatMap((label) => {
    const row = label.parentElement;
    return row && row !== message && row.querySelector(STATUS_TOGGLE) ? [row] : [];
  });
  return [...named, ...labelled];
}

// Every text block of the message in DOM order, except tool outputs and thoughts inside status rows (#14).
function answerText(message: Element): string {
  const rows = statusRows(message);
  const blocks = [...message.querySelectorAll(TEXT_BLOCK.join(', '))].filter(
    (block) => !rows.some((row) => row.contains(block)),
  );
  return outermost(blocks)
    .map((block) => readableText(block, READ))
    .filter((part) => part !== '')
    .join('\n\n');
}

function assistantTurn(row: Element): ParsedTurn | null {
  const message = queryFirst(row, ASSISTANT_MESSAGE);
  const text = message ? answerText(message) : '';
  return text ? { siteMessageId: null, role: 'assistant', text } : null;
}

/** An answer is everything the assistant said between two user messages, even over several rows (#14). */
function joinAnswers(turns: ParsedTurn[]): ParsedTurn[] {
  return turns.reduce<ParsedTurn[]>((out, turn) => {
    const last = out.at(-1);
    if (last?.role === 'assistant' && turn.role === 'assistant') {
      out[out.length - 1] = { ...last, text: `${last.text}\n\n${turn.text}` };
    } else out.push(turn);
    return out;
  }, []);
}

/**
 * Turns in DOM order: each Claude row of the thread holds one message; found by row inside the thread, never by a
 * class used elsewhere (a project panel reuses the row and the answer's classes, #24 item 5).
 */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  const rows = turnsInThread(findThread(root), TURN);
  return joinAnswers(rows.flatMap((row) => userTurn(row) ?? assistantTurn(row) ?? []));
}

/** The visible ProseMirror editor, never the server-rendered textarea. */
export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

/** The thread: a named container, else the one that holds the first prompt's row and the rows after it. */
export function findThread(root: ParentNode): Element | null {
  const named = queryFirst(root, THREAD);
  if (named) return named;
  const row = queryFirst(root, USER_TEXT)?.closest(TURN.join(', '));
  return row ? threadAround(row, TURN) : null;
}

/** True while an answer is still being written; its turn is parsed all the same. */
export function isStreaming(root: ParentNode): boolean {
  return queryFirst(root, STREAMING) !== null;
}
