// The memory index as recall() reads it (#28), for one request: the memory table's answer (lib/past/memory-
// answer.ts) to that request's query, computed by the index's worker in the extension and in the same thread by
// the eval and tests. rank.ts and recall.ts read it through the RecallIndex interface, as they read MiniSearch.
import type { MemoryQuery } from '../model/past';
import type { MemoryRow, RecallIndex, Recallable } from './index';
import { buildQuery, type RecallInput } from './recall';
import { terms } from './terms';

export interface Answer {
  hits: readonly (MemoryRow & { score: number })[];
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
  private readonly rows = new Map<string, MemoryRow>();
  private readonly termSets = new Map<string, ReadonlySet<string>>();

  /** `more`: memories recall may name that the answer need not hold (the semantic tier's neighbours). */
  constructor(
    private readonly answer: Answer,
    private readonly query: string,
    private readonly more: ReadonlyMap<string, Recallable> = new Map(),
  ) {
    for (const row of [...answer.extra, ...answer.reserved, ...answer.hits])
      this.rows.set(row.memory.id, row);
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
      const row = this.rows.get(id);
      const stems = row ? row.stems.split(' ').filter(Boolean) : terms(this.more.get(id)?.text ?? '');
      set = new Set(stems);
      this.termSets.set(id, set);
    }
    return set;
  }

  reserved(): Recallable[] {
    return this.answer.reserved.map((r) => r.memory);
  }

  /** The profile candidates, when the answer is for a profile block. */
  all(): Recallable[] {
    return this.answer.hits.map((h) => h.memory);
  }
}
