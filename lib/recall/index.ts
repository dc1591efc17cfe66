// The lexical tier: a MiniSearch index (BM25+, prefix and fuzzy) over active memories. It is built once and
// then changed one memory at a time as the background writes (#5: never rebuilt per query).
import MiniSearch from 'minisearch';
import type { Memory } from '../model/records';
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
> & { evidence?: string[] };

interface Doc {
  id: string;
  text: string;
}

/** Tuning knobs, measured with eval:recall; the defaults are what ships. */
export interface LexicalOptions {
  bm25?: { k: number; b: number; d: number };
  fuzzyWeight?: number;
  prefixWeight?: number;
}

// Long drafts make long queries; past this many distinct terms the rarest already decide the ranking and
// fuzzy expansion of the rest only costs time (bench:recall).
const MAX_QUERY_TERMS = 32;
const BM25 = { k: 1.2, b: 0.7, d: 0 };

export class RecallIndex {
  private readonly docs = new Map<string, Recallable>();
  // Stemmed term sets, made once per write, so diversity never re-tokenizes on a query (bench:recall).
  private readonly termSets = new Map<string, ReadonlySet<string>>();
  private readonly mini = new MiniSearch<Doc>({
    fields: ['text'],
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
    const doc = { id: memory.id, text: stems.join(' ') };
    const old = this.docs.get(memory.id);
    if (old) this.mini.replace(doc);
    else this.mini.add(doc);
    this.docs.set(memory.id, memory);
    this.termSets.set(memory.id, new Set(stems));
  }

  termsOf(id: string): ReadonlySet<string> {
    return this.termSets.get(id) ?? new Set();
  }

  remove(id: string): void {
    if (!this.docs.delete(id)) return;
    this.termSets.delete(id);
    this.mini.discard(id);
  }

  /** BM25+ scores of the memories matching any query term; empty for an empty query. */
  lexical(query: string): Map<string, number> {
    const unique = [...new Set(terms(query))].slice(0, MAX_QUERY_TERMS);
    if (unique.length === 0 || this.docs.size === 0) return new Map();
    return this.search(unique);
  }

  private search(query: string[]): Map<string, number> {
    const results = this.mini.search(query.join(' '), {
      combineWith: 'OR',
      prefix: (term) => term.length >= 5,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
      maxFuzzy: 2,
      weights: { fuzzy: this.options.fuzzyWeight ?? 0.3, prefix: this.options.prefixWeight ?? 0.4 },
      bm25: this.options.bm25 ?? BM25,
    });
    return new Map(results.map((r) => [String(r.id), r.score]));
  }
}
