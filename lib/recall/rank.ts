// Relevance first, then nudges: lexical BM25+ (optionally fused with a semantic ranking by reciprocal rank),
// times the small boosts of boost.ts, within the allowed scopes.
import { boostFactor } from './boost';
import type { RecallIndex, Recallable } from './index';
import { queryWindow } from './time';

export interface Ranked {
  memory: Recallable;
  score: number;
  terms: ReadonlySet<string>;
}

export interface RankOptions {
  now: number;
  /** Scopes a memory may have to be recalled here; null allows all. */
  scopes: ReadonlySet<string> | null;
  /** Memory ids best first by embedding similarity, when a semantic tier answered. */
  semantic?: readonly string[] | null;
}

/** Reciprocal rank fusion (Cormack et al. 2009); k = 60 is the paper's constant. */
const RRF_K = 60;

/** One list's share of a fused score for the item at `rank` (from 0). */
export const rankScore = (rank: number, k = RRF_K) => 1 / (k + rank + 1);

export function fuseByRank(lists: readonly (readonly string[])[], k = RRF_K): Map<string, number> {
  const fused = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, rank) => fused.set(id, (fused.get(id) ?? 0) + rankScore(rank, k)));
  }
  return fused;
}

function relevance(index: RecallIndex, query: string, semantic: readonly string[] | null | undefined) {
  const lexical = index.lexical(query);
  if (!semantic?.length) return lexical;
  const lexicalOrder = [...lexical.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  // Semantic neighbours far down the list are noise; only its head joins the fusion.
  return fuseByRank([lexicalOrder, semantic.slice(0, 100)]);
}

// Boosts are at most ~2.5x (boost.ts), so they only reorder the head: the 400 best by relevance are enough to
// rank (the MMR pool takes 200), and a 10k store no longer pays boosts for thousands of weak matches.
const HEAD = 400;

function head(scores: Map<string, number>): [string, number][] {
  const entries = [...scores.entries()];
  return entries.length <= HEAD ? entries : entries.sort((a, b) => b[1] - a[1]).slice(0, HEAD);
}

export function rankMemories(index: RecallIndex, query: string, options: RankOptions): Ranked[] {
  const scores = relevance(index, query, options.semantic);
  const window = queryWindow(query, options.now);
  const ranked: Ranked[] = [];
  for (const [id, score] of head(scores)) {
    const memory = index.get(id);
    if (!memory || (options.scopes && !options.scopes.has(memory.scope))) continue;
    ranked.push({
      memory,
      score: score * boostFactor(memory, options.now, window),
      terms: index.termsOf(id),
    });
  }
  return ranked.sort((a, b) => b.score - a.score);
}

export const inProfile = (memory: Recallable) => memory.type === 'profile' || memory.type === 'preference';

/** A profile line's score: priority first, then the boosts (the memory index takes its best by this, #28). */
export const profileScore = (memory: Recallable, now: number) =>
  (1 + Math.max(0, memory.priority)) * boostFactor(memory, now, null);

/** With nothing to match (a new chat, no draft): profile and preference memories, by priority and boosts. */
export function rankProfile(index: RecallIndex, options: RankOptions): Ranked[] {
  const ranked: Ranked[] = [];
  for (const memory of index.all()) {
    if (!inProfile(memory)) continue;
    if (options.scopes && !options.scopes.has(memory.scope)) continue;
    ranked.push({ memory, score: profileScore(memory, options.now), terms: index.termsOf(memory.id) });
  }
  return ranked.sort((a, b) => b.score - a.score);
}
