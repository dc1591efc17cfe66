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

/** Each line's conversation as a number, and each conversation's best scores (at most SESSION_LINES). */
function tally(ranked: readonly Ranked[], scores: ArrayLike<number>) {
  const ids = new Map<string, number>();
  const of = new Int32Array(ranked.length);
  const best = new Float64Array(ranked.length * SESSION_LINES);
  const count = new Int32Array(ranked.length);
  let sessions = 0;
  ranked.forEach((r, i) => {
    const score = scores[i] ?? 0;
    // A line with no source turn is a conversation of its own (sessionOf): no key to build or look up.
    const key = r.memory.evidence?.length ? sessionOf(r.memory) : null;
    let s = key === null ? undefined : ids.get(key);
    if (s === undefined) {
      s = sessions++;
      if (key !== null) ids.set(key, s);
    }
    of[i] = s;
    const at = s * SESSION_LINES;
    const n = count[s] ?? 0;
    if (n < SESSION_LINES) {
      best[at + n] = score;
      count[s] = n + 1;
      return;
    }
    let low = at;
    for (let j = at + 1; j < at + SESSION_LINES; j++) if ((best[j] ?? 0) < (best[low] ?? 0)) low = j;
    if (score > (best[low] ?? 0)) best[low] = score;
  });
  const strength = new Float64Array(sessions);
  for (let s = 0; s < sessions; s++) {
    let sum = 0;
    for (let j = 0; j < (count[s] ?? 0); j++) sum += best[s * SESSION_LINES + j] ?? 0;
    strength[s] = sum;
  }
  return { of, strength };
}

/**
 * Each line's score (`scores`, in the order given; their own by default) raised by its conversation's match.
 * Unchanged when no conversation matched.
 */
export function sessionScores(
  ranked: readonly Ranked[],
  scores: ArrayLike<number> = ranked.map((r) => r.score),
) {
  const { of, strength } = tally(ranked, scores);
  let strongest = 0;
  for (const sum of strength) if (sum > strongest) strongest = sum;
  let top = 0;
  for (let i = 0; i < ranked.length; i++) if ((scores[i] ?? 0) > top) top = scores[i] ?? 0;
  const lift = strongest > 0 ? (SESSION_WEIGHT * top) / strongest : 0;
  const out = new Float64Array(ranked.length);
  for (let i = 0; i < ranked.length; i++) out[i] = (scores[i] ?? 0) + lift * (strength[of[i] ?? 0] ?? 0);
  return out;
}

/** The ranking with each line raised by its conversation's match; best first. */
export function bySession(ranked: readonly Ranked[]): Ranked[] {
  const scores = sessionScores(ranked);
  return ranked.map((r, i) => ({ ...r, score: scores[i] ?? 0 })).sort((a, b) => b.score - a.score);
}
