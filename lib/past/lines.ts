// A past index hit becomes a line recall can rank beside memories: dated when its turn was said, global,
// marked as an excerpt, its turn as evidence (so an excerpt of a turn a memory came from is not spent twice).
import { escapeMemoryText } from '../recall/block';
import { excerptLine } from '../recall/excerpts';
import type { PastLine } from '../recall/recall';
import type { PastHit } from './engine';

/** The shown text of a hit: its speaker, then the excerpt. */
export const hitText = (hit: Pick<PastHit, 'who' | 'text'>) => `${hit.who}: ${hit.text}`;

/** The text whose tokens a hit costs in the block: its shown text, escaped as the block prints it. */
export const hitTokenText = (hit: Pick<PastHit, 'who' | 'text'>) => escapeMemoryText(hitText(hit));

/** Gives each hit its token count: the one it carries, else counted here, once per distinct text. */
export async function withTokens<H extends Pick<PastHit, 'who' | 'text'> & { tokens?: number }>(
  hits: readonly H[],
  count: (text: string) => Promise<number>,
): Promise<(H & { tokens: number })[]> {
  const counts = new Map<string, number>();
  for (const h of hits) if (h.tokens !== undefined) counts.set(hitTokenText(h), h.tokens);
  for (const text of new Set(hits.map(hitTokenText)))
    if (!counts.has(text)) counts.set(text, await count(text));
  return hits.map((h) => ({ ...h, tokens: counts.get(hitTokenText(h)) ?? 0 }));
}

/** `tokensOf` gives a hit's tokens: its shown text, escaped as the block will print it. */
export function pastLines<H extends PastHit>(hits: readonly H[], tokensOf: (hit: H) => number): PastLine[] {
  return hits.map((hit) => {
    const text = hitText(hit);
    const line = { id: hit.id, text, context: '', at: hit.at, tokenCount: tokensOf(hit) };
    return { memory: excerptLine(line, [hit.turnKey]), score: hit.score };
  });
}
