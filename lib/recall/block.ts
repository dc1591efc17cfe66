// The memory block put into a composer. The markers are stable ASCII tags, never localized prose, so capture
// can fence the block out (#3) and a re-insert can replace it (#5).
export const BLOCK_OPEN = '<engram-memory>';
export const BLOCK_CLOSE = '</engram-memory>';
export const BLOCK_INTRO =
  "Notes about me from my memory — use them when relevant; don't mention them unless asked.";

export type Section = 'standing' | 'about' | 'context' | 'past';

export const SECTION_TITLES: Record<Section, string> = {
  standing: 'Standing instructions:',
  about: 'About me:',
  context: 'Relevant context:',
  past: 'From past chats:',
};
export const SECTION_ORDER: readonly Section[] = ['standing', 'about', 'context', 'past'];

export interface BlockItem {
  text: string;
  tokenCount: number;
}

export interface BlockLine extends BlockItem {
  section: Section;
  /** Events and past turns carry their day ("8 May 2023") and the ISO time it came from, for ordering. */
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

/** Tokens of the frame (markers + intro): 28 with o200k_base (block.test.ts), plus margin. */
export const FRAME_TOKENS = 30;
/** "- " and the line break, plus one for a merge at the seam (the property tests in block.test.ts). */
export const LINE_OVERHEAD = 3;
/** A section title and its line break: at most 4 (block.test.ts), plus one for the seam. */
export const SECTION_TOKENS = 5;
/** "On 8 May 2023:" and its line break: at most 8 for every day 1950–2099 (block.test.ts), plus one. */
export const DATE_TOKENS = 9;

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** "8 May 2023", in UTC: short, unambiguous across locales, and cheaper than ISO in tokens. */
export function formatDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

function renderSection(lines: readonly BlockLine[]): string[] {
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
    out.push(`On ${day}:`);
    for (const l of group.lines) out.push(`- ${escapeMemoryText(l.text)}`);
  }
  return out;
}

/** The block text for lines already chosen to fit; sections in their fixed order, empty ones left out. */
export function renderBlock(lines: readonly BlockLine[]): string {
  const out = [BLOCK_OPEN, BLOCK_INTRO];
  for (const section of SECTION_ORDER) {
    const mine = lines.filter((l) => l.section === section);
    if (mine.length === 0) continue;
    out.push(SECTION_TITLES[section], ...renderSection(mine));
  }
  out.push(BLOCK_CLOSE);
  return out.join('\n');
}

/** Fills the block in the given order until the budget is reached; every item in one section. */
export function formatBlock(
  items: BlockItem[],
  budgetTokens: number,
  section: Section = 'context',
): { text: string; count: number; tokens: number } {
  const lines: BlockLine[] = [];
  let tokens = FRAME_TOKENS + SECTION_TOKENS;
  for (const item of items) {
    const line: BlockLine = { ...item, section, date: null };
    if (tokens + item.tokenCount + LINE_OVERHEAD > budgetTokens) continue;
    tokens += item.tokenCount + LINE_OVERHEAD;
    lines.push(line);
  }
  if (lines.length === 0) tokens = FRAME_TOKENS;
  return { text: renderBlock(lines), count: lines.length, tokens };
}
