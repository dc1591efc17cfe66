// Gemini page -> the turns a person sees. Pure: DOM in, data out. Selector evidence lives in selectors.ts.
// Gemini's conversation JSON is not read (adapter.ts says why), so the page is the only source: ids are hashes of
// the text (lib/capture/turn-id.ts), and a read is never the whole branch (isWindowed).
import { texSource } from '../text-lines';
import { answerOutside, turnsInThread } from '../thread';
import { queryCandidates, queryFirst, readableText } from '../text';
import type { ParsedTurn } from '../types';
import {
  ANSWER,
  COMPOSER,
  DROP,
  STREAMING,
  TEMPORARY,
  THOUGHTS,
  THREAD,
  TURN,
  USER_LINE,
  USER_TEXT,
} from './selectors';

const READ = { drop: DROP, lines: texSource };

/** One line per `p.query-text-line`, as typed; blank lines kept once. */
function userText(turn: Element): string {
  const lines = queryCandidates(turn, USER_LINE);
  if (lines.length === 0) {
    const whole = queryFirst(turn, USER_TEXT);
    return whole ? readableText(whole, READ) : '';
  }
  return lines
    .map((line) => readableText(line, READ))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function answerText(turn: Element): string {
  const response = turn.querySelector('model-response');
  if (!response) return '';
  return answerOutside(response, ANSWER, THOUGHTS, READ);
}

export function findThread(root: ParentNode): Element | null {
  return queryFirst(root, THREAD);
}

/** Each exchange in the thread yields its prompt, then its answer. */
export function parseTurns(root: ParentNode): ParsedTurn[] {
  return turnsInThread(findThread(root), TURN).flatMap((turn) => {
    const out: ParsedTurn[] = [];
    const prompt = userText(turn);
    if (prompt) out.push({ siteMessageId: null, role: 'user', text: prompt });
    const answer = answerText(turn);
    if (answer) out.push({ siteMessageId: null, role: 'assistant', text: answer });
    return out;
  });
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
