// ChatGPT page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { rowTurn } from '../reader';
import { threadAround, turnsInThread } from '../thread';
import { outermost, queryCandidates, queryFirst, readableText } from '../text';
import type { ParsedTurn } from '../types';
import {
  ANSWER_VARIANT,
  ASSISTANT_TEXT,
  COMPOSER,
  DROP,
  MEDIA,
  PROMPT_RAIL_ENTRY,
  STREAMING,
  THREAD,
  TURN,
  USER_TEXT,
  WINDOWED,
} from './selectors';

const READ = { drop: DROP };
// A prompt is shown as typed: its line breaks are kept whether or not a class says so (#36).
const TYPED = { ...READ, preformatted: true };

/** The id of the message holding `el`; the current layout has none (measured 2026-09), so null there. */
function messageId(el: Element, turn: Element): string | null {
  const owner = el.closest('[data-message-id]');
  return owner && turn.contains(owner) ? owner.getAttribute('data-message-id') : null;
}

function userTurn(turn: Element): ParsedTurn | null {
  const el = queryFirst(turn, USER_TEXT);
  const text = el ? readableText(el, TYPED) : '';
  return el && text ? { siteMessageId: messageId(el, turn), role: 'user', text } : null;
}

// An answer may come in several fragments (prose around "Thought for …" buttons, a research report after its
// announcement); they are joined with blank lines. Buttons between them are chrome and never read.
function assistantTurn(turn: Element): ParsedTurn | null {
  // A/B test: both variants are on screen until the person picks one; which one stays is not known, so read the
  // first rather than store two answers (unverified guess, see selectors.ts).
  const scope = queryFirst(turn, ANSWER_VARIANT) ?? turn;
  const fragments = outermost(queryCandidates(scope, ASSISTANT_TEXT));
  const text = fragments
    .map((fragment) => readableText(fragment, READ))
    .filter((part) => part !== '')
    .join('\n\n');
  const first = fragments[0];
  return first && text ? { siteMessageId: messageId(first, turn), role: 'assistant', text } : null;
}

/**
 * Turns of the thread in DOM order, never elsewhere on the page (#24 item 5: a panel may reuse message markup). A
 * current-layout turn element yields the prompt and then its answer.
 */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  return turnsInThread(findThread(root), TURN).flatMap((turn) => {
    const parts = [userTurn(turn), assistantTurn(turn)].filter((part): part is ParsedTurn => part !== null);
    // A turn that shows text but neither a prompt nor an answer where the reader looks: reported, never guessed.
    return parts.length > 0 ? parts : rowTurn(turn, null, '', READ);
  });
}

/** The visible ProseMirror editor, never the hidden fallback textarea. */
export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

/** The thread: a named container, else the one that holds the first prompt's turn and the turns after it. */
export function findThread(root: ParentNode): Element | null {
  const named = queryFirst(root, THREAD);
  if (named) return named;
  const turn = queryFirst(root, USER_TEXT)?.closest(TURN.join(', '));
  return turn ? threadAround(turn, TURN) : null;
}

/** True while an answer is still being written; its turn is parsed all the same. */
export function isStreaming(root: ParentNode): boolean {
  return queryFirst(root, STREAMING) !== null;
}

/** A turn container the page has not mounted: an empty placeholder holding its place in a long thread. */
function isPlaceholder(turn: Element): boolean {
  return (turn.textContent ?? '').trim() === '' && turn.querySelector(MEDIA) === null;
}

/**
 * True when a DOM read is not the whole branch (#14): the current layout mounts only 3–6 turns at a time
 * (measured 2026-09); older layouts leave unmounted turns as empty containers, and the prompt rail counts
 * prompts that are not mounted.
 */
export function isWindowed(root: ParentNode): boolean {
  if (queryFirst(root, WINDOWED) !== null) return true;
  const turns = turnsInThread(findThread(root), TURN);
  if (turns.some(isPlaceholder)) return true;
  const prompts = turns.filter((turn) => queryFirst(turn, USER_TEXT) !== null).length;
  return queryCandidates(root, PROMPT_RAIL_ENTRY).length > prompts;
}
