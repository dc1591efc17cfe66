// A past index hit becomes a line recall can rank beside memories: dated when its turn was said, global,
// marked as an excerpt, its turn as evidence (so an excerpt of a turn a memory came from is not spent twice).
import { escapeMemoryText } from '../recall/block';
import { ENGLISH_BLOCK } from '../recall/words';
import { excerptLine } from '../recall/excerpts';
import type { PastLine } from '../recall/recall';
import type { PastHit } from './engine';
import { quoted, withoutLinks } from './quote';

type Shown = Pick<PastHit, 'role' | 'text'>;

/** How a past line is labelled, in the person's language (#37): their own words, or a quoted answer. */
export interface LineLabels {
  me: string;
  answer: string;
}

const ENGLISH: LineLabels = { me: ENGLISH_BLOCK.me, answer: ENGLISH_BLOCK.answer };

/**
 * The shown text of a hit, without any link (#25 item 3): the person's own words after their label ("Me: …"),
 * an assistant's as a quote of a past answer, never as a note ('Quoted AI answer: "…"').
 */
export const hitText = (hit: Shown, labels: LineLabels = ENGLISH) =>
  hit.role === 'assistant'
    ? `${labels.answer}: ${quoted(withoutLinks(hit.text))}`
    : `${labels.me}: ${withoutLinks(hit.text)}`;

/** The text whose tokens a hit's line shows (the preview's count): its shown text, escaped as printed. */
export const hitTokenText = (hit: Shown, labels: LineLabels = ENGLISH) =>
  escapeMemoryText(hitText(hit, labels));

/**
 * A hit's whole line as the block prints it: "- ", the escaped text and the line break. o200k never joins a
 * token across the start of a line, so its count is what the line costs wherever it lands, and the packer
 * charges it instead of the text's count plus LINE_OVERHEAD, a margin of 3 that the worst line needs: a
 * 600-token block was charged 594.6 tokens and really held 519 (eval:recall-loss, docs/recall.md, #28).
 */
export const hitLineText = (hit: Shown, labels: LineLabels = ENGLISH) => `- ${hitTokenText(hit, labels)}\n`;

type Counted = Shown & { tokens?: number; lineTokens?: number };

/**
 * Gives each hit its token count (and its line's): the ones it carries, else counted here, once per distinct
 * text. A hit that carries its count is never counted again, also when it carries no line count: counting
 * would build the encoder where it was not (the service worker's cold click, docs/past-index.md).
 */
export async function withTokens<H extends Counted>(
  hits: readonly H[],
  count: (text: string) => Promise<number>,
  labels: LineLabels = ENGLISH,
): Promise<(H & { tokens: number })[]> {
  const shown = (h: H) => hitTokenText(h, labels);
  const line = (h: H) => hitLineText(h, labels);
  const counts = new Map<string, number>();
  for (const h of hits) if (h.tokens !== undefined) counts.set(shown(h), h.tokens);
  const counting = hits.filter((h) => !counts.has(shown(h)));
  for (const text of new Set(counting.flatMap((h) => [shown(h), line(h)])))
    if (!counts.has(text)) counts.set(text, await count(text));
  return hits.map((h) => {
    const lineTokens = h.tokens === undefined ? counts.get(line(h)) : h.lineTokens;
    return {
      ...h,
      tokens: counts.get(shown(h)) ?? 0,
      ...(lineTokens === undefined ? {} : { lineTokens }),
    };
  });
}

/**
 * `count`, remembering the last `max` texts' counts: a person's next preview shows mostly the excerpts the last
 * one did, and counting a click's 60 hits (two texts each) was 11-16 ms of its path (bench:recall --profile, #39).
 * A text's count never changes, so nothing is ever stale; the oldest is forgotten first.
 */
export function rememberCounts(
  count: (text: string) => Promise<number>,
  max = 4_000,
): (text: string) => Promise<number> {
  const known = new Map<string, number>();
  return async (text) => {
    const held = known.get(text);
    known.delete(text);
    const n = held ?? (await count(text));
    known.set(text, n);
    if (known.size > max) known.delete(known.keys().next().value as string);
    return n;
  };
}

/** `tokensOf` gives a hit's tokens: its shown text, escaped as the block will print it. */
export function pastLines<H extends PastHit & { lineTokens?: number }>(
  hits: readonly H[],
  tokensOf: (hit: H) => number,
  labels: LineLabels = ENGLISH,
): PastLine[] {
  return hits.map((hit) => {
    const text = hitText(hit, labels);
    const line = { id: hit.id, text, context: '', at: hit.at, tokenCount: tokensOf(hit) };
    const counted = hit.lineTokens === undefined ? {} : { lineTokens: hit.lineTokens };
    const answer = hit.role === 'assistant' ? { answer: true } : {};
    return { memory: { ...excerptLine(line, [hit.turnKey]), ...counted, ...answer }, score: hit.score };
  });
}
