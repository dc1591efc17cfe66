// Relevance first, then nudges: lexical BM25+ (optionally fused with a semantic ranking by reciprocal rank),
// times the small boosts of boost.ts, within the allowed scopes.
import { boostFactor } from './boost';
import type { RecallIndex, Recallable } from './index';
import { queryWindow } from './time';

export interface Ranked {
  memory: Recallable;
  score: number;
  /**
   * The stems diversity compares (select.ts), read only for the lines that reach the packing pool: splitting
   * them for all 400 candidates was a fifth of a query's time at 1,000 memories (bench:recall, #39).
   */
  terms(this: Ranked): ReadonlySet<string>;
  /** Its stems as a list, each once, when the index holds them (a memory): diverse.ts reads them without a set. */
  words?(this: Ranked): readonly string[];
}

/**
 * The index's terms and words of whichever line they are called on: one pair of functions for all lines, where a
 * pair of closures for each was 800 objects a query at 1,000 memories (#39).
 */
function readers(index: RecallIndex) {
  return {
    terms(this: Ranked) {
      return index.termsOf(this.memory.id);
    },
    words(this: Ranked) {
      return index.wordsOf(this.memory.id);
    },
  };
}

/** A value computed on first use, then kept. */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
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

type Scores = Map<string, number> | readonly (readonly [string, number])[];

function relevance(
  index: RecallIndex,
  query: string,
  semantic: readonly string[] | null | undefined,
): Scores {
  if (!semantic?.length && index.ranking) return index.ranking(query);
  const lexical = index.lexical(query);
  if (!semantic?.length) return lexical;
  const lexicalOrder = [...lexical.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  // Semantic neighbours far down the list are noise; only its head joins the fusion.
  return fuseByRank([lexicalOrder, semantic.slice(0, 100)]);
}

// Boosts are at most ~2.5x (boost.ts), so they only reorder the head: the 400 best by relevance are enough to
// rank (the MMR pool takes 200), and a 10k store no longer pays boosts for thousands of weak matches.
const HEAD = 400;

function head(scores: Scores): readonly (readonly [string, number])[] {
  const entries = Array.isArray(scores) ? scores : [...scores.entries()];
  return entries.length <= HEAD ? entries : [...entries].sort((a, b) => b[1] - a[1]).slice(0, HEAD);
}

export function rankMemories(index: RecallIndex, query: string, options: RankOptions): Ranked[] {
  const scores = relevance(index, query, options.semantic);
  const window = queryWindow(query, options.now);
  const { terms, words } = readers(index);
  const ranked: Ranked[] = [];
  for (const [id, score] of head(scores)) {
    const memory = index.get(id);
    if (!memory || (options.scopes && !options.scopes.has(memory.scope))) continue;
    ranked.push({
      memory,
      score: score * (index.boostOf?.(id, options.now) ?? boostFactor(memory, options.now, window)),
      terms,
      words,
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
  const { terms, words } = readers(index);
  const ranked: Ranked[] = [];
  for (const memory of index.all()) {
    if (!inProfile(memory)) continue;
    if (options.scopes && !options.scopes.has(memory.scope)) continue;
    const score = profileScore(memory, options.now);
    ranked.push({ memory, score, terms, words });
  }
  return ranked.sort((a, b) => b.score - a.score);
}
