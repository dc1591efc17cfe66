// What a past-index query asks for and gets back (#13), and which of its terms are worth a MATCH.
import type { Database } from '@sqlite.org/sqlite-wasm';
import { compoundParts, partCandidates } from '../recall/compounds';
import type { PastRole } from './passages';

/** bm25() column weights, tuned with eval:recall (docs/past-index.md). */
export interface RankWeights {
  own: number;
  context: number;
}
export const RANK_WEIGHTS: RankWeights = { own: 3, context: 2.4 };

export interface PastHit {
  /** `${passageId}#${piece}`: which piece of which passage is shown. */
  id: string;
  turnKey: string;
  who: string;
  /** An assistant's words are quoted as a past answer, never shown as the person's own (#25 item 3). */
  role: PastRole;
  at: string;
  text: string;
  score: number;
}

export interface QueryOptions {
  limit: number;
  /** The chat the query comes from: its own turns are already on screen. */
  skipConversation: string | null;
  weights?: RankWeights;
}

// As in the memory index (lib/recall/index.ts): a long draft keeps its rarest terms, and in a large index a
// term in more than a twentieth of it is left out of the MATCH (its posting list is the cost).
const MAX_QUERY_TERMS = 24;
const COMMON_SHARE = 0.05;
const COMMON_MIN_DOCS = 5000;

export interface MatchTerms {
  /** Terms to match as they are, with their idf (for the excerpt cut). */
  weights: Map<string, number>;
  /** Words the index has never seen, matched as prefixes: "donau" finds "donauradweg" (#28). */
  prefixes: string[];
}

// A prefix query for an unknown word of 4+ letters: on LoCoMo it changed nothing (docs/past-index.md, "prefix
// query for terms the vocabulary lacks"), and it finds a compound by its head. Pairs of CJK letters are whole.
const PREFIX_MIN = 4;
const prefixable = (t: string) => t.length >= PREFIX_MIN && /^\p{L}+$/u.test(t);

/**
 * The query's terms worth a MATCH, rarest first, with their idf (for the excerpt cut). `dfOf` gives each term's
 * document frequency (the fts5vocab table) for `n` passages. An unknown long word also asks for its longest
 * known head and tail (lib/recall/compounds.ts).
 */
export function queryTerms(
  all: readonly string[],
  n: number,
  dfOf: (distinct: string[]) => unknown[][],
): MatchTerms {
  const asked = [...new Set(all)];
  if (asked.length === 0) return { weights: new Map(), prefixes: [] };
  const df = new Map(dfOf(asked).map(([t, d]) => [String(t), Number(d)]));
  const unknown = asked.filter((t) => !(df.get(t) ?? 0));
  const candidates = [...new Set(unknown.flatMap(partCandidates))];
  if (candidates.length > 0) for (const [t, d] of dfOf(candidates)) df.set(String(t), Number(d));
  const parts = unknown.flatMap((t) => compoundParts(t, (p) => (df.get(p) ?? 0) > 0));
  const limit = n >= COMMON_MIN_DOCS ? n * COMMON_SHARE : Infinity;
  const kept = [...new Set([...asked, ...parts])]
    .filter((t) => (df.get(t) ?? 0) > 0 && (df.get(t) ?? 0) <= limit)
    .sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0))
    .slice(0, MAX_QUERY_TERMS);
  const idf = (d: number) => Math.log(1 + (n - d + 0.5) / (d + 0.5));
  return {
    weights: new Map(kept.map((t) => [t, idf(df.get(t) ?? 0)])),
    prefixes: unknown.filter(prefixable).slice(0, MAX_QUERY_TERMS),
  };
}

/** Terms whose document frequency is held between writes: a bound for a worker no capture reaches for long. */
const MAX_HELD = 20_000;
/** Queries whose hits are held between writes. */
const ANSWERS_HELD = 16;

/**
 * What the index's queries read, held until `drop()`: the index drops it at any passage written or deleted.
 * Terms' document frequencies as the vocabulary gave them (0: not in it): looking them up was 3-11 ms of a click's
 * past query (bench:recall --profile, #39), a draft's unknown long words asking for every head and tail, and the
 * next preview's draft shares most terms.
 */
export class HeldReads {
  private readonly held = new Map<string, number>();
  private readonly answers = new Map<string, PastHit[]>();

  constructor(private readonly db: Pick<Database, 'selectArrays'>) {}

  private lookup(asked: string[]): unknown[][] {
    return this.db.selectArrays(
      `SELECT term, doc FROM vocab WHERE term IN (${asked.map(() => '?').join(',')})`,
      asked,
    );
  }

  /**
   * A query's hits as `search` gave them, for the last ANSWERS_HELD queries, until `drop()`. A preview asks the
   * same past query again at each move of its budget slider and each line removed (only the memory query changes),
   * and a preview opened again on the same draft asks it once more: its bm25 over every passage of a term was
   * most of a click's past query (bench:recall --profile, #39).
   */
  answer(query: string, options: QueryOptions, search: () => PastHit[]): PastHit[] {
    const { limit, skipConversation, weights = RANK_WEIGHTS } = options;
    const key = JSON.stringify([query, limit, skipConversation, weights.own, weights.context]);
    const held = this.answers.get(key) ?? search();
    this.answers.delete(key);
    this.answers.set(key, held);
    if (this.answers.size > ANSWERS_HELD) this.answers.delete(this.answers.keys().next().value as string);
    return held.map((hit) => ({ ...hit }));
  }

  of(distinct: string[]): [string, number][] {
    if (this.held.size + distinct.length > MAX_HELD) this.held.clear();
    const asked = distinct.filter((t) => !this.held.has(t));
    if (asked.length > 0) {
      for (const t of asked) this.held.set(t, 0);
      for (const [t, d] of this.lookup(asked)) this.held.set(String(t), Number(d));
    }
    return distinct.map((t) => [t, this.held.get(t) ?? 0]);
  }

  drop(): void {
    this.held.clear();
    this.answers.clear();
  }
}
