// Raw past turns become short excerpts for "From past chats": sentence-sized pieces, each its own line.
// eval:recall (--source both, 1,000 tokens): whole turns 0.834 hit, 30 words 0.833, 20 words 0.850, 12 words 0.871.
import type { Recallable } from './index';

export const EXCERPT_WORDS = 12;

// Japanese and Chinese put no spaces between words and end sentences with 。！？ (#28): a whole Japanese reply
// was one "word" and one sentence, so its excerpt was the whole reply. There two letters count as a word.
const SENTENCE = /[^.!?。！？\n]+[.!?。！？]*\s*/g;
const SPACELESS_LETTERS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Words as the 12-word cut counts them (a trailing space counts one, as it always did: eval:recall moves). */
export function wordCount(text: string): number {
  const spaced = text.split(/\s+/).length;
  return spaced + Math.floor((text.match(SPACELESS_LETTERS)?.length ?? 0) / 2);
}

/** Sentences joined up to about `words` words; 0 keeps the text whole. */
export function excerpts(text: string, words = EXCERPT_WORDS): string[] {
  if (words <= 0) return [text];
  const sentences = text.match(SENTENCE) ?? [text];
  const out: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current && wordCount(current + s) > words) {
      out.push(current.trim());
      current = '';
    }
    current += s;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}

export interface Excerpt {
  /** Which turn of the conversation it comes from, and which piece of that turn. */
  turn: number;
  piece: number;
  text: string;
  /** The rest of its turn and the turns either side: searched, never shown (RecallIndex `context`). */
  context: string;
}

// A 12-word piece loses what it answers: "It was Matt Patterson" is only found through the question before
// it, "What was it about?" only through the reply after it. Indexing each piece with its neighbours raised
// eval:recall --source both at 1,000 tokens from 0.872 to 0.914 hit (0.814 → 0.857 coverage); the turn
// before alone gave 0.903, the piece's own turn added nothing by itself (0.872).
/** A conversation's turns, in order, as excerpts that carry the words around them. */
export function conversationExcerpts(turns: readonly string[]): Excerpt[] {
  const out: Excerpt[] = [];
  turns.forEach((text, turn) => {
    const pieces = excerpts(text);
    const around = [turns[turn - 1] ?? '', turns[turn + 1] ?? ''];
    pieces.forEach((piece, i) => {
      const rest = pieces.filter((_, j) => j !== i).join(' ');
      out.push({ turn, piece: i, text: piece, context: [rest, ...around].filter(Boolean).join('\n') });
    });
  });
  return out;
}

/** An excerpt as a line recall can rank: dated when its turn was said, global, and marked as an excerpt. */
export function excerptLine(
  line: { id: string; text: string; context: string; at: string; tokenCount: number },
  evidence: string[],
): Recallable {
  return {
    id: line.id,
    text: line.text,
    context: line.context,
    type: 'event',
    priority: 0,
    pinned: false,
    proofCount: 1,
    mentionedAt: line.at,
    occurredStart: line.at,
    occurredEnd: null,
    scope: 'global',
    status: 'active',
    tokenCount: line.tokenCount,
    evidence,
    excerpt: true,
  };
}
