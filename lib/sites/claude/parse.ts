// Claude page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { joinAnswers, rowTurn } from '../reader';
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

function userText(row: Element): string | null {
  const el = queryFirst(row, USER_TEXT);
  return el ? readableText(el, READ) : null;
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

/**
 * A disclosure's panel: an element whose parent holds exactly a toggle before it and itself (a thinking row of the
 * older layout, `.group/thinking > button + div`). Found by structure, so a build that renames the classes that
 * name it still leaves its text out of the answer (#36 variant suite).
 */
function inDisclosure(block: Element, message: Element): boolean {
  for (let el: Element | null = block; el && el !== message; el = el.parentElement) {
    const parent: Element | null = el.parentElement;
    const [first, second, ...rest]: Element[] = parent ? [...parent.children] : [];
    const toggle = first?.localName === 'button' || first?.hasAttribute('aria-expanded');
    if (second === el && rest.length === 0 && toggle) return true;
  }
  return false;
}

// Every text block of the message in DOM order, except tool outputs and thoughts inside status rows (#14).
function answerText(message: Element): string {
  const rows = statusRows(message);
  const blocks = [...message.querySelectorAll(TEXT_BLOCK.join(', '))].filter(
    (block) => !rows.some((row) => row.contains(block)) && !inDisclosure(block, message),
  );
  return outermost(blocks)
    .map((block) => readableText(block, READ))
    .filter((part) => part !== '')
    .join('\n\n');
}

/**
 * A row of the thread is the person's when it holds their message (by test id), else Claude's: its answer is every
 * text block in the row outside status rows, wherever the row's marks put it (`data-is-streaming`, the answer's
 * font class, neither: #36 held-out 2026-07 rows), never only the first element a mark names.
 */
function rowTurns(row: Element): ParsedTurn[] {
  const prompt = userText(row);
  if (prompt !== null) return rowTurn(row, 'user', prompt, READ);
  const message = queryFirst(row, ASSISTANT_MESSAGE) ?? row;
  const scope = message.querySelector(TEXT_BLOCK.join(', ')) ? message : row;
  return rowTurn(row, 'assistant', answerText(scope), READ);
}

/**
 * Turns in DOM order: each Claude row of the thread holds one message; found by row inside the thread, never by a
 * class used elsewhere (a project panel reuses the row and the answer's classes, #24 item 5). A chat begins with the
 * person's message, so an answer-like row before the first prompt is a panel the page put in the thread (the July
 * 2026 project page, #36), never an answer.
 */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  const rows = turnsInThread(findThread(root), TURN);
  const first = rows.findIndex((row) => queryFirst(row, USER_TEXT) !== null);
  return joinAnswers(first === -1 ? [] : rows.slice(first).flatMap(rowTurns));
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
