// Search as you type in the memory manager (#6), with MiniSearch over the terms of the one analyzer that
// recall and the past-chat index use (lib/recall/terms.ts, #28): before, MiniSearch's own tokenizer split on
// spaces and punctuation only, so 抹茶 found nothing in "私は大阪に住んでいて、毎朝抹茶を飲みます。" (eval:languages:
// Japanese 0.1, Chinese 0.0). Indexing 10,000 memories takes ~0.5 s on the dev machine (measured), so the
// index is kept in step incrementally instead of being rebuilt after every edit.
import MiniSearch from 'minisearch';
import type { Memory } from '../model/records';
import { terms } from '../recall/terms';

interface Doc {
  id: string;
  text: string;
}

export class MemoryIndex {
  private readonly index = new MiniSearch<Doc>({
    fields: ['text'],
    storeFields: [],
    tokenize: terms,
    processTerm: (term) => term,
  });
  private readonly texts = new Map<string, string>();

  /** Adds, replaces and discards so the index holds exactly these memories' current text. */
  sync(memories: readonly Pick<Memory, 'id' | 'text'>[]): void {
    const seen = new Set<string>();
    const added: Doc[] = [];
    for (const { id, text } of memories) {
      seen.add(id);
      const old = this.texts.get(id);
      if (old === text) continue;
      if (old === undefined) added.push({ id, text });
      else this.index.replace({ id, text });
      this.texts.set(id, text);
    }
    this.index.addAll(added);
    for (const id of this.texts.keys())
      if (!seen.has(id)) {
        this.index.discard(id);
        this.texts.delete(id);
      }
  }

  get size(): number {
    return this.texts.size;
  }

  /**
   * Ids matching every word typed, best first; null when the query is blank. A word's terms are alternatives
   * (호텔이 is 호텔 or 텔이, so it finds 호텔을), each also as a prefix: a word still being typed ("抹" finds 抹茶).
   */
  search(query: string): string[] | null {
    if (query.trim() === '') return null;
    const words = query
      .split(/\s+/)
      .map((w) => terms(w))
      .filter((t) => t.length > 0);
    // The terms are analyzed already: the search must not analyze them again.
    const options = { prefix: true, fuzzy: 0.2, tokenize: (t: string) => [t] };
    const queries = words.map((t) => ({ combineWith: 'OR' as const, queries: t }));
    const hits = this.index.search({ combineWith: 'AND', queries }, options);
    return hits.map((h) => String(h.id));
  }
}
