// Lines of one conversation rise together (#28). A question is mostly about one conversation: the lines that
// match it best tell which, and the line that holds the answer often shares only a name with the question and
// ranks far below them, beside lines of other conversations that share the same name ("How does Jon use the
// clipboard with a notepad attached to it?": its memory ranked 122nd, after 121 lines of 17 conversations;
// the first three were of its own). So each candidate gains in proportion to how well its conversation
// matched: the mean of that conversation's three best scores, against the best conversation's. Only
// candidates gain (lines that matched something); a conversation's other lines are never pulled in.
// Measured with eval:recall --source both, docs/recall.md "Better lines in fewer tokens".
import type { Recallable } from './index';
import type { Ranked } from './rank';

/** How much the best conversation adds, as a share of the best line's score. */
export const SESSION_WEIGHT = 0.2;
/** How many of a conversation's best lines make its score (fewer count as 0: one stray match is weak). */
export const SESSION_LINES = 3;

/**
 * The conversation a line comes from: its first source turn's key without the turn (lib/model/keys.ts
 * `turnKey`); a memory with no source turn (typed by hand) is a conversation of its own.
 */
export function sessionOf(memory: Recallable): string {
  const turn = memory.evidence?.[0];
  if (!turn) return `memory:${memory.id}`;
  const cut = turn.lastIndexOf(':');
  return cut > 0 ? turn.slice(0, cut) : turn;
}

/** The ranking with each line raised by its conversation's match; best first. */
export function bySession(ranked: readonly Ranked[]): Ranked[] {
  const best = new Map<string, number[]>();
  for (const r of ranked) {
    const key = sessionOf(r.memory);
    const top = best.get(key) ?? [];
    if (top.length < SESSION_LINES) top.push(r.score);
    else {
      const low = Math.min(...top);
      if (r.score > low) top[top.indexOf(low)] = r.score;
    }
    best.set(key, top);
  }
  const strength = new Map([...best].map(([key, top]) => [key, top.reduce((a, b) => a + b, 0)]));
  const strongest = Math.max(0, ...strength.values());
  const top = Math.max(0, ...ranked.map((r) => r.score));
  if (strongest <= 0) return [...ranked];
  const lift = (SESSION_WEIGHT * top) / strongest;
  return ranked
    .map((r) => ({ ...r, score: r.score + lift * (strength.get(sessionOf(r.memory)) ?? 0) }))
    .sort((a, b) => b.score - a.score);
}
