// A conversation's turns become passages for the past-turn index (#13): a turn, or a passage-sized chunk of a
// long one, ranked with a bounded slice of the text either side as a weaker column. This replaces indexing
// each 12-word excerpt with its whole turn and both whole neighbour turns (quadratic in turn length: 200
// conversations of 20 turns took 291 MB of heap). The shown excerpt is cut at query time (excerpt.ts).
import { redact } from '../pipeline/redact';
import { excerpts } from '../recall/excerpts';
import { withoutLinks } from './quote';

/** Who said a turn: an assistant's words are quoted as a past answer, never as the person's notes (#25). */
export type PastRole = 'user' | 'assistant';

/** One stored turn as the index reads it; `who` is the speaker label shown on its line ("Me", "Assistant"). */
export interface PastTurn {
  key: string;
  conversationKey: string;
  who: string;
  role: PastRole;
  text: string;
  /** When it was said (or captured): the line's date. */
  at: string;
}

export interface Passage {
  /** `${turnKey}~${chunk}`: stable while the turn's text is. */
  id: string;
  turnKey: string;
  /** Which passage-sized chunk of its turn, from 0. */
  chunk: number;
  conversationKey: string;
  who: string;
  role: PastRole;
  at: string;
  text: string;
  /** The words just before and after it: searched at a lower weight, never shown. */
  context: string;
}

/** Tuned with eval:recall --source both (docs/past-index.md). */
export interface PassageOptions {
  passageWords: number;
  contextWords: number;
}

export const PASSAGE_OPTIONS: PassageOptions = { passageWords: 80, contextWords: 60 };

const words = (text: string) => text.split(/\s+/).filter(Boolean);
const head = (text: string, n: number) => words(text).slice(0, n).join(' ');
const tail = (text: string, n: number) => words(text).slice(-n).join(' ');

/**
 * A conversation's visible turns, in order, as passages; each turn yields at least one. With `redactSecrets`
 * (Settings → Redact secrets) each WHOLE turn is redacted before it is cut (#25 item 2): a piece redacted on its
 * own kept a private key's body cut from its BEGIN line, or a password whose "the password is:" ended the piece
 * before, and the index on disk held every secret. Links are cut out of every turn whatever the setting: no
 * link enters the block from a past-chat quote (quote.ts, #25 item 3). Nothing downstream (passages, context,
 * excerpts, FTS5 terms) ever sees the turn's raw text.
 */
export function passagesOf(
  turns: readonly PastTurn[],
  redactSecrets: boolean,
  options: PassageOptions = PASSAGE_OPTIONS,
): Passage[] {
  const clean = (t: PastTurn) => withoutLinks(redactSecrets ? redact(t.text).text : t.text);
  const chunked = turns.map((t) => ({ turn: t, chunks: excerpts(clean(t), options.passageWords) }));
  const flat = chunked.flatMap(({ turn, chunks }) => chunks.map((text, chunk) => ({ turn, chunk, text })));
  return flat.map(({ turn, chunk, text }, i) => {
    const before = flat[i - 1]?.text ?? '';
    const after = flat[i + 1]?.text ?? '';
    const context = [tail(before, options.contextWords), head(after, options.contextWords)];
    return {
      id: `${turn.key}~${chunk}`,
      turnKey: turn.key,
      chunk,
      conversationKey: turn.conversationKey,
      who: turn.who,
      role: turn.role,
      at: turn.at,
      text,
      context: context.filter(Boolean).join('\n'),
    };
  });
}

/** FNV-1a over a passage's searched text: an unchanged passage is not rewritten when its chat is re-read. */
export function passageHash(p: Passage): number {
  let h = 0x811c9dc5;
  const s = `${p.who}\u0000${p.role}\u0000${p.at}\u0000${p.text}\u0000${p.context}`;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
