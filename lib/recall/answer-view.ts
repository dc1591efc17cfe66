// The memory index as recall() reads it (#28), for one request: the memory table's answer (lib/past/memory-
// answer.ts) to that request's query, computed by the index's worker in the extension and in the same thread by
// the eval and tests. rank.ts and recall.ts read it through the RecallIndex interface, as they read MiniSearch.
import type { MemoryQuery } from '../model/past';
import type { MemoryRow, RecallIndex, Recallable } from './index';
import { buildQuery, type RecallInput } from './recall';
import { terms } from './terms';

export interface Answer {
  hits: readonly (MemoryRow & { score: number; boost?: number })[];
  lexical: readonly (readonly [string, number])[];
  reserved: readonly MemoryRow[];
  extra: readonly MemoryRow[];
}

/** What to ask the memory table for this request: lexical matches of its query, or the profile candidates. */
export function memoryQueryOf(
  input: Pick<RecallInput, 'draft' | 'recent' | 'scopes' | 'exclude' | 'now'>,
): MemoryQuery {
  const { mode, query } = buildQuery(input.draft, input.recent);
  return {
    mode: mode === 'profile' ? 'profile' : 'lexical',
    query,
    scopes: input.scopes ? [...input.scopes] : null,
    exclude: [...(input.exclude ?? [])],
    now: input.now,
  };
}

export class AnswerView implements RecallIndex {
  private readonly rows = new Map<string, MemoryRow & { boost?: number }>();
  private readonly termSets = new Map<string, ReadonlySet<string>>();

  /**
   * `more`: memories recall may name that the answer need not hold (the semantic tier's neighbours). `now`: the
   * time the answer's boosts were computed for (memoryQueryOf's), so ranking at that time can use them.
   */
  constructor(
    private readonly answer: Answer,
    private readonly query: string,
    private readonly more: ReadonlyMap<string, Recallable> = new Map(),
    private readonly now: number | null = null,
  ) {
    for (const row of answer.extra) this.rows.set(row.memory.id, row);
    for (const row of answer.reserved) this.rows.set(row.memory.id, row);
    for (const hit of answer.hits) this.rows.set(hit.memory.id, hit);
  }

  boostOf(id: string, now: number): number | undefined {
    return now === this.now ? this.rows.get(id)?.boost : undefined;
  }

  /** The lexical matches best first, as the table sent them (no map to build for one pass over them). */
  ranking(query: string): readonly (readonly [string, number])[] {
    if (query !== this.query) throw new Error('recall asked a memory answer about another query');
    return this.answer.lexical;
  }

  lexical(query: string): Map<string, number> {
    if (query !== this.query) throw new Error('recall asked a memory answer about another query');
    return new Map(this.answer.lexical.map(([id, score]) => [id, score]));
  }

  get(id: string): Recallable | undefined {
    return this.rows.get(id)?.memory ?? this.more.get(id);
  }

  termsOf(id: string): ReadonlySet<string> {
    let set = this.termSets.get(id);
    if (!set) {
      set = new Set(this.wordsOf(id));
      this.termSets.set(id, set);
    }
    return set;
  }

  wordsOf(id: string): readonly string[] {
    const row = this.rows.get(id);
    // The table sends each row's stems once (lib/past/memory-reads.ts).
    if (!row) return [...new Set(terms(this.more.get(id)?.text ?? ''))];
    return row.stems ? row.stems.split(' ') : [];
  }

  reserved(): Recallable[] {
    return this.answer.reserved.map((r) => r.memory);
  }

  /** The profile candidates, when the answer is for a profile block. */
  all(): Recallable[] {
    return this.answer.hits.map((h) => h.memory);
  }
}
