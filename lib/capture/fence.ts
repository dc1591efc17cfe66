import { BLOCK_CLOSE, BLOCK_OPEN } from '../recall/block';

/**
 * Removes Engram's own inserted block so recalled memories are never captured back as new facts (#3).
 * An opened block with no close (the user deleted the end) is removed to the end of the text.
 */
export function fenceOwnBlock(text: string): string {
  let out = text;
  for (let start = out.indexOf(BLOCK_OPEN); start !== -1; start = out.indexOf(BLOCK_OPEN)) {
    const close = out.indexOf(BLOCK_CLOSE, start);
    const end = close === -1 ? out.length : close + BLOCK_CLOSE.length;
    out = out.slice(0, start) + out.slice(end);
  }
  return out.replace(/\n{3,}/g, '\n\n').trim();
}
