// What the two composer kinds share (#38 item 5): a contenteditable (./insert.ts) and a textarea (./textarea.ts)
// find a previous block, type the new one and check that it landed by the same rules. They had drifted apart:
// a contenteditable typed "\n\n" after the block on every insert, so each re-insert left two more blank lines
// before the draft, where a textarea typed them only the first time.
import { BLOCK_CLOSE, BLOCK_OPEN } from '../recall/markers';

/** Where a previous insert's block sits in `text` (start, end past its close marker), or null. */
export function blockSpan(text: string): { start: number; end: number } | null {
  const start = text.indexOf(BLOCK_OPEN);
  const close = start === -1 ? -1 : text.indexOf(BLOCK_CLOSE, start);
  return close === -1 ? null : { start, end: close + BLOCK_CLOSE.length };
}

/** The text to type: a replaced block keeps the break that follows it, a first one is set off from the draft. */
export const typedText = (block: string, replacing: boolean): string => (replacing ? block : `${block}\n\n`);

/** Whether the composer's text now holds the block: its open marker and the start of its first line. */
export function holdsBlock(text: string, block: string): boolean {
  const firstLine = block.split('\n', 2)[1] ?? block;
  return text.includes(BLOCK_OPEN) && text.includes(firstLine.slice(0, 40));
}
