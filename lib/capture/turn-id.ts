import type { ParsedTurn } from '../sites/types';

/** FNV-1a, 32-bit: tiny and stable across browsers; collisions only cost a duplicate turn, never a loss. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The site's message id when the page has one; otherwise a hash of role + text, plus the occurrence number
 * so two identical "yes" turns stay two turns. Position-free: lazily mounted threads (#3) shift positions.
 */
export function assignTurnIds(turns: ParsedTurn[]): string[] {
  const seen = new Map<string, number>();
  return turns.map((t) => {
    if (t.siteMessageId) return t.siteMessageId;
    const base = `h:${fnv1a(`${t.role}\n${t.text}`)}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}:${n}`;
  });
}
