// The memory block put into a composer. Its words follow the person's language (#37: BlockWords, from the
// catalogue); the markers stay ASCII tags in every language (markers.ts), so capture can fence any block out
// (#3) and a re-insert can replace it (#5), whatever language wrote it.
import { ENGLISH_BLOCK, type BlockWords, type Section } from './words';
import { BLOCK_CLOSE, BLOCK_OPEN } from './markers';

export { BLOCK_CLOSE, BLOCK_OPEN } from './markers';
export type { BlockWords, Section } from './words';

export const SECTION_ORDER: readonly Section[] = ['standing', 'about', 'context', 'past'];

export interface BlockItem {
  text: string;
  tokenCount: number;
}

export interface BlockLine extends BlockItem {
  section: Section;
  /** Events and past turns carry their UTC day ("2023-05-08", the words say it) and the time, for ordering. */
  date: { day: string; at: string } | null;
}

/**
 * Memory text must not close the marker or open a new one: angle brackets (and their full-width and small
 * forms, which a model reads as the same) become look-alike guillemets‹›, and every control, line and
 * paragraph separator (\v, \f, U+0085, U+2028…) is flattened, so one memory is always one "- " line and can
 * never forge a section header. Bidi controls go: they could make the preview show another order (#11).
 */
export function escapeMemoryText(text: string): string {
  return text
    .replace(/[<\uFF1C\uFE64]/g, '‹')
    .replace(/[>\uFF1E\uFE65]/g, '›')
    .replace(/\p{Bidi_Control}/gu, '')
    .replace(/\s*[\p{Cc}\p{Zl}\p{Zp}]+\s*/gu, ' ')
    .trim();
}

/** "- " and the line break, plus one for a merge at the seam (the property tests in block.test.ts). */
export const LINE_OVERHEAD = 3;
// The frame's, a section title's and a day line's costs are each language's own (./block-costs.ts).

/** A stored time's UTC day, the key a block groups dated lines by. */
export const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

function renderSection(lines: readonly BlockLine[], words: BlockWords): string[] {
  const out: string[] = [];
  // Undated lines first, then dated ones in time order under one "On <day>:" line per day: a day shared by
  // several events is paid for once (eval:recall, LoCoMo: +0.02 hit at 1,000 tokens).
  const undated = lines.filter((l) => !l.date);
  for (const l of undated) out.push(`- ${escapeMemoryText(l.text)}`);
  const days = new Map<string, { at: string; lines: BlockLine[] }>();
  for (const l of lines) {
    if (!l.date) continue;
    const day = days.get(l.date.day) ?? { at: l.date.at, lines: [] };
    day.lines.push(l);
    days.set(l.date.day, day);
  }
  const ordered = [...days.entries()].sort((a, b) => a[1].at.localeCompare(b[1].at));
  for (const [day, group] of ordered) {
    out.push(words.onDay(words.day(day)));
    for (const l of group.lines) out.push(`- ${escapeMemoryText(l.text)}`);
  }
  return out;
}

/** The block text for lines already chosen to fit; sections in their fixed order, empty ones left out. */
export function renderBlock(lines: readonly BlockLine[], words: BlockWords = ENGLISH_BLOCK): string {
  const out = [BLOCK_OPEN, words.intro];
  for (const section of SECTION_ORDER) {
    const mine = lines.filter((l) => l.section === section);
    if (mine.length === 0) continue;
    out.push(words.sections[section], ...renderSection(mine, words));
  }
  out.push(BLOCK_CLOSE);
  return out.join('\n');
}

/** Fills the block in the given order until the budget is reached; every item in one section. */
export function formatBlock(
  items: BlockItem[],
  budgetTokens: number,
  section: Section = 'context',
  words: BlockWords = ENGLISH_BLOCK,
): { text: string; count: number; tokens: number } {
  const lines: BlockLine[] = [];
  const { frame, section: title } = words.costs;
  let tokens = frame + title;
  for (const item of items) {
    const line: BlockLine = { ...item, section, date: null };
    if (tokens + item.tokenCount + LINE_OVERHEAD > budgetTokens) continue;
    tokens += item.tokenCount + LINE_OVERHEAD;
    lines.push(line);
  }
  if (lines.length === 0) tokens = frame;
  return { text: renderBlock(lines, words), count: lines.length, tokens };
}
