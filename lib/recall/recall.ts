// From a request (draft, recent turns, scope, budget) to the chosen lines and the block text. Pure: the
// background owns the index and passes it in; the eval and the bench call this same function.
import { hasLink } from './links';
import { renderBlock, type BlockWords } from './block';
import { ENGLISH_BLOCK } from './words';
import type { RecallIndex, Recallable } from './index';
import { boostFactor } from './boost';
import { once, rankMemories, rankProfile, rankScore, type Ranked } from './rank';
import { DUPLICATE_AT, fillRelevant, jaccard, POOL } from './diverse';
import { fillReserved, Packer, type Chosen, type LineCleaner, type PackOptions } from './select';
import { placeScores } from './places';
import { sessionScores } from './sessions';
import { terms } from './terms';
import { queryWindow } from './time';

/** A past-turn excerpt and its relevance (bm25), on the scale of the memory index's BM25. */
export interface PastLine {
  memory: Recallable;
  score: number;
}

export type QueryMode = 'draft' | 'recent' | 'profile';

export interface RecallInput {
  draft: string;
  /** The conversation's last turns, newest last. */
  recent: readonly string[];
  /** Scopes a memory may have to be recalled here ("global", "site:chatgpt", a project key); null: all. */
  scopes: ReadonlySet<string> | null;
  budgetTokens: number;
  /** Memories the user removed in the preview. */
  exclude?: readonly string[];
  now: number;
  semantic?: readonly string[] | null;
  /**
   * Excerpts of captured turns for "From past chats", when that setting is on: the past index's best for this
   * query (lib/past, #13), already without the current conversation's own turns.
   */
  past?: { lines: readonly PastLine[] } | null;
  pack?: Partial<PackOptions>;
  /** Secret redaction at the block boundary (#11): memories typed by hand and past-turn excerpts pass here. */
  clean?: LineCleaner;
  /** The person's language's words for the block (#37); English when absent (eval, bench). */
  words?: BlockWords;
}

export interface RecallResult {
  mode: QueryMode;
  query: string;
  lines: Chosen[];
  text: string;
  tokens: number;
  budgetTokens: number;
  /** How many memories were refused for want of room and not taken later (select.ts Packer). */
  leftOut: number;
}

// Recent turns: the newest matter most, and a whole long chat would drown the rare terms that decide.
const RECENT_TURNS = 4;
const RECENT_CHARS = 2000;

export function buildQuery(draft: string, recent: readonly string[]): { mode: QueryMode; query: string } {
  if (draft.trim()) return { mode: 'draft', query: draft.trim() };
  const joined = recent.slice(-RECENT_TURNS).join('\n').trim();
  if (joined) return { mode: 'recent', query: joined.slice(-RECENT_CHARS) };
  return { mode: 'profile', query: '' };
}

function reservedOf(index: RecallIndex, input: RecallInput, excluded: ReadonlySet<string>): Recallable[] {
  return index.reserved().filter((m) => !excluded.has(m.id) && (!input.scopes || input.scopes.has(m.scope)));
}

// Excerpts compete with memories on the same relevance scale, with the same boosts (recency, a date named in
// the query) as rank.ts gives memories. When the memories' order is a rank fusion with the semantic tier
// (rank.ts), their scores are reciprocal ranks (≤ 2/61), not BM25: the excerpts then join by their rank too,
// else any excerpt (bm25 1–25) outranked every memory and took the whole block (#28, recall.test.ts).
function mergePast(ranked: Ranked[], query: string, input: RecallInput): Ranked[] {
  if (!input.past) return ranked;
  const window = queryWindow(query, input.now);
  const byRank = (input.semantic?.length ?? 0) > 0;
  // Past lines come without links (lib/past/quote.ts, #25 item 3); one that still holds one is never offered.
  const lines = [...input.past.lines]
    .filter((l) => !hasLink(l.memory.text))
    .sort((a, b) => b.score - a.score);
  const past = lines.map(({ memory, score }, i) => ({
    memory,
    score: (byRank ? rankScore(i) : score) * boostFactor(memory, input.now, window),
    terms: once(() => new Set(terms(memory.text))),
  }));
  return [...ranked, ...past].sort((a, b) => b.score - a.score);
}

/**
 * A line the person removed must not come back as its twin: MMR had kept a near-duplicate out only because the
 * removed one was in, so removing it let the twin take its place and the line seemed to stay (#11/#12 Remove).
 */
function nearDuplicateOf(index: RecallIndex, removed: ReadonlySet<string>, at = DUPLICATE_AT) {
  const gone = [...removed].flatMap((id) => {
    const m = index.get(id);
    return m ? [new Set(terms(m.text))] : [];
  });
  return (line: Ranked) => gone.length > 0 && gone.some((g) => jaccard(g, line.terms()) >= at);
}

/** Indices of these scores, highest first; equal scores keep their order. */
const bestFirst = (scores: Float64Array) =>
  Array.from(scores.keys()).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));

/**
 * The candidate lines in place order (places.ts), their final scores once conversations lift them (sessions.ts),
 * and the order of those: byPlace then bySession, as numbers. A line becomes an object only when it is taken
 * from here: recall packs from the first few hundred and made three objects for each of 460 lines (#39).
 */
function ranking(index: RecallIndex, input: RecallInput) {
  const { mode, query } = buildQuery(input.draft, input.recent);
  const excluded = new Set(input.exclude ?? []);
  const nearRemoved = nearDuplicateOf(index, excluded, input.pack?.duplicateAt);
  const rankOptions = { now: input.now, scopes: input.scopes, semantic: input.semantic };
  const base: Ranked[] = (
    mode === 'profile'
      ? rankProfile(index, rankOptions)
      : mergePast(rankMemories(index, query, rankOptions), query, input)
  ).filter((r) => !excluded.has(r.memory.id) && !nearRemoved(r));
  if (mode === 'profile') {
    const scores = Float64Array.from(base, (r) => r.score);
    return { mode, query, lines: base, scores, order: Array.from(scores.keys()) };
  }
  const placed = placeScores(base, input.budgetTokens);
  const byPlaceOrder = bestFirst(placed);
  const lines = byPlaceOrder.flatMap((i) => base[i] ?? []);
  const scores = sessionScores(
    lines,
    byPlaceOrder.map((i) => placed[i] ?? 0),
  );
  return { mode, query, lines, scores, order: bestFirst(scores) };
}

/** The first `n` lines of a ranking, best first, each with its final score. */
const first = (r: ReturnType<typeof ranking>, n: number): Ranked[] =>
  r.order.slice(0, n).flatMap((i) => {
    const line = r.lines[i];
    return line ? [{ ...line, score: r.scores[i] ?? 0 }] : [];
  });

/** Every candidate line for this request, best first, before packing (eval/recall-loss.ts reads it too). */
export function rankLines(
  index: RecallIndex,
  input: RecallInput,
): { mode: QueryMode; query: string; ranked: Ranked[] } {
  const r = ranking(index, input);
  return { mode: r.mode, query: r.query, ranked: first(r, r.order.length) };
}

export function recall(index: RecallIndex, input: RecallInput): RecallResult {
  const ranked = ranking(index, input);
  const { mode, query } = ranked;
  const excluded = new Set(input.exclude ?? []);
  const options: PackOptions = { ...input.pack, budgetTokens: input.budgetTokens };
  const packer = new Packer(input.budgetTokens, input.clean, (input.words ?? ENGLISH_BLOCK).costs);
  fillReserved(packer, reservedOf(index, input, excluded), options);
  // A taken line's stems as the index holds them, unless redaction changed its text.
  const termsOf = (line: Chosen) =>
    line.text === line.memory.text ? index.termsOf(line.id) : new Set(terms(line.text));
  // The pool is the first lines not taken already (standing and pinned lines may rank too).
  fillRelevant(packer, first(ranked, (options.pool ?? POOL) + packer.chosen.length), options, termsOf);
  const text = packer.chosen.length > 0 ? renderBlock(packer.chosen, input.words) : '';
  const taken = new Set(packer.chosen.map((c) => c.id));
  const leftOut = [...packer.refused].filter((id) => !taken.has(id)).length;
  const budgetTokens = input.budgetTokens;
  return { mode, query, lines: packer.chosen, text, tokens: packer.used, budgetTokens, leftOut };
}
