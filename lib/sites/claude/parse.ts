// Claude page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { outermost, queryCandidates, queryFirst, readableText } from '../text';
import type { ParsedTurn } from '../types';
import {
  ASSISTANT_TEXT,
  CARDS,
  COMPOSER,
  DROP,
  STREAMING,
  THINKING,
  THREAD,
  TURN,
  USER_TEXT,
} from './selectors';

const READ = { drop: DROP, cards: CARDS };
const THINKING_ANY = THINKING.join(', ');

function userTurn(turn: Element): ParsedTurn | null {
  const el = queryFirst(turn, USER_TEXT);
  const text = el ? readableText(el, READ) : '';
  return text ? { siteMessageId: null, role: 'user', text } : null;
}

function isThinking(el: Element, turn: Element): boolean {
  const section = el.closest(THINKING_ANY);
  return section !== null && turn.contains(section);
}

// Prose blocks and artifact cards, in DOM order, without the thoughts that stay in the DOM when collapsed.
function answerFragments(turn: Element): Element[] {
  const prose = ASSISTANT_TEXT.find((selector) => turn.querySelector(selector) !== null);
  const selector = [...(prose ? [prose] : []), ...CARDS.map((rule) => rule.card)].join(', ');
  return outermost([...turn.querySelectorAll(selector)].filter((el) => !isThinking(el, turn)));
}

function assistantTurn(turn: Element): ParsedTurn | null {
  const text = answerFragments(turn)
    .map((fragment) => readableText(fragment, READ))
    .filter((part) => part !== '')
    .join('\n\n');
  return text ? { siteMessageId: null, role: 'assistant', text } : null;
}

/** Turns in DOM order; each Claude turn element holds one message. */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  return queryCandidates(root, TURN).flatMap((turn) =>
    [userTurn(turn), assistantTurn(turn)].filter((part): part is ParsedTurn => part !== null),
  );
}

/** The visible ProseMirror editor, never the server-rendered textarea. */
export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

/** The element to observe for new turns: a named container, else whatever holds the first turn. */
export function findThread(root: ParentNode): Element | null {
  return queryFirst(root, THREAD) ?? queryFirst(root, TURN)?.parentElement ?? null;
}

/** True while an answer is still being written; its turn is parsed all the same. */
export function isStreaming(root: ParentNode): boolean {
  return queryFirst(root, STREAMING) !== null;
}
