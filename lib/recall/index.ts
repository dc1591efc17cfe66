// The memory index as ranking reads it, and the memories it holds. The lexical tier itself is the memory table of
// the recall index (lib/past/memory-table.ts, #28); before, a MiniSearch index rebuilt at every worker start.
import { conversationKey, turnKey } from '../model/keys';
import type { Memory } from '../model/records';

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
  /** Words around an excerpt (excerpts.ts), never shown or counted; the memory table does not index them. */
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
  const evidence = memory.sources.flatMap(({ site, conversationId, turnIds }) => {
    if (!site || !conversationId) return [];
    const key = conversationKey(site, conversationId);
    return turnIds.map((t) => turnKey(key, t));
  });
  return evidence.length > 0 ? { ...memory, evidence } : memory;
}

/** A memory as the index returns it, with the stems it was indexed under (diversity compares them). */
export interface MemoryRow {
  memory: Recallable;
  stems: string;
}

/**
 * What ranking reads from the memory index (rank.ts, recall.ts). Since #28 the index is a table in the SQLite FTS5
 * database of past chats (lib/past/memory-table.ts), asked once per request; recall reads its answer through this
 * (./answer-view.ts), so ranking and packing stay plain functions.
 */
export interface RecallIndex {
  /** Relevance of the best memories matching the query (its best few hundred), by id. */
  lexical(query: string): Map<string, number>;
  /** The same, as a list best first, when the index has it so. */
  ranking?(query: string): readonly (readonly [string, number])[];
  get(id: string): Recallable | undefined;
  /** The stems a memory was indexed under: diversity compares them without re-tokenizing. */
  termsOf(id: string): ReadonlySet<string>;
  /** The same stems as a list, each once: cheaper to make than a set when it is only looked up in others. */
  wordsOf(id: string): readonly string[];
  /** Standing rules and pinned memories, kept apart so a query never scans the store for them. */
  reserved(): Recallable[];
  /** The boost of a memory at `now` (lib/recall/boost.ts), when the index computed it already. */
  boostOf?(id: string, now: number): number | undefined;
  /** The memories a profile block (no query) picks from: at least every profile and preference memory. */
  all(): Iterable<Recallable>;
}
