// The memory block put into a composer. The markers are stable ASCII tags, never localized prose, so capture
// can fence the block out (#3) and a re-insert can replace it (#5).
export const BLOCK_OPEN = '<engram-memory>';
export const BLOCK_CLOSE = '</engram-memory>';
export const BLOCK_INTRO =
  "Notes about me from my memory — use them when relevant; don't mention them unless asked.";

export interface BlockItem {
  text: string;
  tokenCount: number;
}

/**
 * Memory text must not close the marker or open a new one: angle brackets become look-alike guillemets‹›
 * and line breaks are flattened, so one memory is always one "- " line.
 */
export function escapeMemoryText(text: string): string {
  return text
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
}

/** Tokens of the frame (markers + intro): 28 with o200k_base (block.test.ts), plus margin. */
export const FRAME_TOKENS = 30;
/** "- " and the line break, plus one for a merge at the seam (the property test in block.test.ts). */
const LINE_OVERHEAD = 3;

/** Fills the block in the given order until the budget is reached. Pure; ranking lives elsewhere (#5). */
export function formatBlock(
  items: BlockItem[],
  budgetTokens: number,
): { text: string; count: number; tokens: number } {
  const lines: string[] = [];
  let tokens = FRAME_TOKENS;
  for (const item of items) {
    const cost = item.tokenCount + LINE_OVERHEAD;
    if (tokens + cost > budgetTokens) continue;
    tokens += cost;
    lines.push(`- ${escapeMemoryText(item.text)}`);
  }
  const text = [BLOCK_OPEN, BLOCK_INTRO, ...lines, BLOCK_CLOSE].join('\n');
  return { text, count: lines.length, tokens };
}
