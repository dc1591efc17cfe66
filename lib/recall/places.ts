// A line's place in its own list weighs beside its score (#28). Memories and past lines are ranked by two
// engines whose scores fall off at different rates, and within each list the evidence is at the head: on the
// LoCoMo dev set (eval:recall --source both), a memory ranked 1st-5th among the memories held a question's
// evidence 14.4 % of the time, 6th-10th 2.4 %, 11th-20th 1.2 %; a past line 15.3 %, 2.9 %, 1.1 %; while the
// scores of the past list's first ten often differ by a few percent. So past each list's first four, the n-th
// line's score is divided by 1 + (n - 4) / depth, where depth is about how many lines the budget holds (one per
// 60 tokens): a small block takes the heads of both lists, a large one reaches further down each.
import type { Ranked } from './rank';

/** Each list's first lines keep their score. */
export const FREE_PLACES = 4;
/** Tokens per unit of depth: at 600 tokens a list's 14th line weighs half its score, at 1,000 its 21st. */
export const TOKENS_PER_PLACE = 60;

/** Each line's score weighed by its place among lines of its kind (memory or past), in the order given. */
export function placeScores(ranked: readonly Ranked[], budgetTokens: number): Float64Array {
  const depth = Math.max(1, budgetTokens / TOKENS_PER_PLACE);
  const seen = { memory: 0, past: 0 };
  const out = new Float64Array(ranked.length);
  ranked.forEach((r, i) => {
    const n = r.memory.excerpt ? ++seen.past : ++seen.memory;
    out[i] = r.score / (1 + Math.max(0, n - FREE_PLACES) / depth);
  });
  return out;
}

/** The ranking with each line's score weighed by its place among lines of its kind (memory or past); best first. */
export function byPlace(ranked: readonly Ranked[], budgetTokens: number): Ranked[] {
  const scores = placeScores(ranked, budgetTokens);
  return ranked.map((r, i) => ({ ...r, score: scores[i] ?? 0 })).sort((a, b) => b.score - a.score);
}
