// A past index hit becomes a line recall can rank beside memories: dated when its turn was said, global,
// marked as an excerpt, its turn as evidence (so an excerpt of a turn a memory came from is not spent twice).
import { excerptLine } from '../recall/excerpts';
import type { PastLine } from '../recall/recall';
import type { PastHit } from './engine';

/** The shown text of a hit: its speaker, then the excerpt. */
export const hitText = (hit: Pick<PastHit, 'who' | 'text'>) => `${hit.who}: ${hit.text}`;

/** `tokensOf` counts a line's shown text, escaped as the block will print it. */
export function pastLines(hits: readonly PastHit[], tokensOf: (text: string) => number): PastLine[] {
  return hits.map((hit) => {
    const text = hitText(hit);
    const line = { id: hit.id, text, context: '', at: hit.at, tokenCount: tokensOf(text) };
    return { memory: excerptLine(line, [hit.turnKey]), score: hit.score };
  });
}
