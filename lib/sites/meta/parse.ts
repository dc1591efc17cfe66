// Meta AI page → the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
import { rowTurn } from '../reader';
import { outermost, queryCandidates, queryFirst, readableText, type SiteLines } from '../text';
import { namedOrHolding } from '../thread';
import type { ParsedTurn } from '../types';
import {
  ANSWER,
  ASSISTANT_MESSAGE,
  COMPOSER,
  DROP,
  STREAMING,
  TURN,
  USER_CHROME,
  USER_MESSAGE,
  USER_TEXT,
} from './selectors';

/** A formula Meta draws as an image keeps its TeX in the image's alt (meta-ai-2026-05-scroller): read that. */
function formulaImage(el: Element): SiteLines | null {
  const alt = el.localName === 'img' ? el.getAttribute('alt')?.trim() : null;
  return alt ? { lines: [alt], level: 1 } : null;
}

const READ = { drop: DROP, lines: formulaImage };
const TYPED = { drop: DROP, preformatted: true };

function promptText(message: Element): string {
  const chrome = USER_CHROME.join(', ');
  const texts = queryCandidates(message, USER_TEXT).filter((el) => !el.closest(chrome));
  return texts.map((el) => readableText(el, TYPED)).join('\n');
}

function answerText(message: Element): string {
  return outermost(queryCandidates(message, ANSWER))
    .map((part) => readableText(part, READ))
    .filter((part) => part !== '')
    .join('\n\n');
}

/** Meta's message ids end in the author (`…_7463…_user`, `…_7463…_assistant`): the id is the site's own. */
function rowTurns(row: Element): ParsedTurn[] {
  const id = row.getAttribute('data-message-id');
  const prompt = queryFirst(row, USER_MESSAGE);
  if (prompt) return rowTurn(row, 'user', promptText(prompt), READ, id);
  const answer = queryFirst(row, ASSISTANT_MESSAGE);
  return rowTurn(row, answer ? 'assistant' : null, answer ? answerText(answer) : '', READ, id);
}

/** The scroller that holds the messages: no name of its own, so the nearest element that holds them all. */
export function findThread(root: ParentNode): Element | null {
  return namedOrHolding(root, [], TURN);
}

export function parseTurns(root: ParentNode): ParsedTurn[] {
  return outermost(queryCandidates(root, TURN)).flatMap(rowTurns);
}

export function findComposer(root: ParentNode): HTMLElement | null {
  return queryFirst<HTMLElement>(root, COMPOSER);
}

export function isStreaming(root: ParentNode): boolean {
  return queryFirst(root, STREAMING) !== null;
}

/** Meta's scroller loads earlier messages as the person scrolls up; nothing says when all are there. */
export function isWindowed(root: ParentNode): boolean {
  return findThread(root) !== null;
}
