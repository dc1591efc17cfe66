// The lexical tier: a MiniSearch index (BM25+, prefix and fuzzy) over active memories. It is built once and
// then changed one memory at a time as the background writes (#5: never rebuilt per query).
import MiniSearch from 'minisearch';
import type { Memory } from '../model/records';
import { compoundParts } from './compounds';
import { terms } from './terms';

/** What ranking reads from a memory; the eval and the bench build these without a database. */
export type Recallable = Pick<
  Memory,
  | 'id'
  | 'text'
  | 'type'
  | 'priority'
  | 'pinned'
  | 'proofCount'
  | 'mentionedAt'
  | 'occurredStart'
  | 'occurredEnd'
  | 'scope'
  | 'status'
  | 'tokenCount'
> & {
  /** Keys of the turns a line comes from (a memory's sources; an excerpt's own turn). */
  evidence?: string[];
  /** A raw past-turn excerpt rather than an extracted memory. */
  excerpt?: boolean;
  /** An excerpt of an assistant's turn: quoted as a past answer, never shown as the person's note (#25). */
  answer?: boolean;
  /** Words around the line (excerpts.ts), searched at CONTEXT_WEIGHT but never shown or counted. */
  context?: string;
  /** Tokens of the printed line, "- " and line break included, when counted (lib/past/lines.ts hitLineText). */
  lineTokens?: number;
};

/**
 * A stored memory as ranking reads it. Its source turns become evidence keys in Turn.key form
 * (`site:conversation:turn`), so an excerpt of a turn a memory was taken from is not spent twice (select.ts;
 * eval:recall --source both without that rule: 0.892 hit instead of 0.917).
 */
export function recallable(memory: Memory): Recallable {
  const evidence = memory.sources.flatMap((s) =>
    s.site && s.conversationId ? s.turnIds.map((t) => `${s.site}:${s.conversationId}:${t}`) : [],
  );
  return evidence.length > 0 ? { ...memory, evidence } : memory;
}

interface Doc {
  id: string;
  text: string;
  context: string;
}

/** Tuning knobs, measured with eval:recall; the defaults are what ships. */
export interface LexicalOptions {
  bm25?: { k: number; b: number; d: number };
  fuzzyWeight?: number;
  prefixWeight?: number;
  contextWeight?: number;
}

// Long drafts make long queries: the rarest terms decide the ranking, so a query keeps its 24 rarest terms.
// In a large store, terms in more than a fifth of it are not searched (their posting lists cost the time:
// 10k synthetic memories took 61 ms per search, 8,000+ matches each; bench:recall) but still add their idf to
// the memories the rare terms found. Stores under 5,000 search every term: there a term in every other memory
// (LoCoMo: a speaker's name) also decides which weak matches fill the tail (eval:recall 0.872 vs 0.850 hit).
const MAX_QUERY_TERMS = 24;
const COMMON_SHARE = 0.05;
const COMMON_MIN_DOCS = 5000;
const BM25 = { k: 1.2, b: 0.7, d: 0 };
// A line's own words count fully, the words around it at half: eval:recall --source both scored 0.903–0.914
// hit for weights 0.15–0.8 (0.5 best), so the exact value matters little.
const CONTEXT_WEIGHT = 0.5;

export class RecallIndex {
  private readonly docs = new Map<string, Recallable>();
  // Stemmed term sets, made once per write, so diversity never re-tokenizes on a query (bench:recall).
  private readonly termSets = new Map<string, ReadonlySet<string>>();
  private readonly df = new Map<string, number>();
  private readonly reservedIds = new Set<string>();
  private readonly mini = new MiniSearch<Doc>({
    fields: ['text', 'context'],
    // The text is tokenized and stemmed once, by terms(); MiniSearch sees the result.
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
  });

  constructor(private readonly options: LexicalOptions = {}) {}

  get size(): number {
    return this.docs.size;
  }

  get(id: string): Recallable | undefined {
    return this.docs.get(id);
  }

  all(): IterableIterator<Recallable> {
    return this.docs.values();
  }

  /** Adds, replaces or (when no longer active) removes one memory. */
  upsert(memory: Recallable): void {
    if (memory.status !== 'active') return this.remove(memory.id);
    const stems = terms(memory.text);
    const doc = { id: memory.id, text: stems.join(' '), context: terms(memory.context ?? '').join(' ') };
    if (this.docs.has(memory.id)) {
      this.count(memory.id, -1);
      this.mini.replace(doc);
    } else this.mini.add(doc);
    this.docs.set(memory.id, memory);
    this.termSets.set(memory.id, new Set(stems));
    this.count(memory.id, 1);
    if (memory.priority === -1 || memory.pinned) this.reservedIds.add(memory.id);
    else this.reservedIds.delete(memory.id);
  }

  termsOf(id: string): ReadonlySet<string> {
    return this.termSets.get(id) ?? new Set();
  }

  remove(id: string): void {
    if (!this.docs.has(id)) return;
    this.count(id, -1);
    this.docs.delete(id);
    this.termSets.delete(id);
    this.reservedIds.delete(id);
    this.mini.discard(id);
  }

  /** Standing rules and pinned memories, kept apart so a query never scans the store for them. */
  reserved(): Recallable[] {
    return [...this.reservedIds].flatMap((id) => this.docs.get(id) ?? []);
  }

  private count(id: string, delta: 1 | -1): void {
    for (const t of this.termSets.get(id) ?? []) {
      const n = (this.df.get(t) ?? 0) + delta;
      if (n > 0) this.df.set(t, n);
      else this.df.delete(t);
    }
  }

  /** The query's distinct terms, rarest first, split into those worth a search and the too-common rest. */
  private queryTerms(query: string): { rare: string[]; common: string[] } {
    const size = this.docs.size;
    const limit = size >= COMMON_MIN_DOCS ? size * COMMON_SHARE : Infinity;
    const known = (t: string) => this.df.has(t);
    const asked = [...new Set(terms(query))];
    const parts = asked.filter((t) => !known(t)).flatMap((t) => compoundParts(t, known));
    const ordered = [...new Set([...asked, ...parts])]
      .map((t) => [t, this.df.get(t) ?? 0] as const)
      .sort((a, b) => a[1] - b[1])
      .slice(0, MAX_QUERY_TERMS);
    return {
      rare: ordered.filter(([, df]) => df <= limit).map(([t]) => t),
      common: ordered.filter(([, df]) => df > limit).map(([t]) => t),
    };
  }

  /** BM25 idf of a term at tf 1 and average length, for common terms added without a posting-list walk. */
  private idf(term: string): number {
    const df = this.df.get(term) ?? 0;
    return Math.log(1 + (this.docs.size - df + 0.5) / (df + 0.5));
  }

  /** BM25+ scores of the memories matching any query term; empty for an empty query. */
  lexical(query: string): Map<string, number> {
    const { rare, common } = this.queryTerms(query);
    if (rare.length + common.length === 0 || this.docs.size === 0) return new Map();
    if (rare.length === 0) return this.search(common);
    const scores = this.search(rare);
    for (const [id, score] of scores) {
      const own = this.termsOf(id);
      scores.set(id, score + common.reduce((sum, t) => sum + (own.has(t) ? this.idf(t) : 0), 0));
    }
    return scores;
  }

  private search(query: string[]): Map<string, number> {
    const small = this.docs.size < COMMON_MIN_DOCS;
    const results = this.mini.search(query.join(' '), {
      combineWith: 'OR',
      // In a large store, prefix and fuzzy only serve words it does not hold as such (a typo, a word still
      // being typed): a known word would only pull in its neighbours' long posting lists (bench:recall).
      prefix: (term) => term.length >= 5 && (small || !this.df.has(term)),
      fuzzy: (term) => (term.length >= 6 && (small || !this.df.has(term)) ? 0.2 : false),
      maxFuzzy: 2,
      weights: { fuzzy: this.options.fuzzyWeight ?? 0.3, prefix: this.options.prefixWeight ?? 0.4 },
      bm25: this.options.bm25 ?? BM25,
      boost: { context: this.options.contextWeight ?? CONTEXT_WEIGHT },
    });
    return new Map(results.map((r) => [String(r.id), r.score]));
  }
}
