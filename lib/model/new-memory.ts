// What a memory starts as, in one place: a typed one (background/memories.ts), a vendor's saved memory
// (background/vendor-memories.ts) and an extracted fact (pipeline/writes.ts) differ only in what they know.
import type { Memory } from './records';

type Known = Pick<Memory, 'text' | 'type' | 'tokenCount'> & Partial<Memory>;

/** A new active memory about the user, global and unpinned, dated `at`, unless `known` says otherwise. */
export function newMemory(known: Known, at: string): Memory {
  return {
    id: crypto.randomUUID(),
    priority: 50,
    confidence: 1,
    attributedTo: 'user',
    occurredStart: null,
    occurredEnd: null,
    mentionedAt: at,
    createdAt: at,
    updatedAt: at,
    sources: [],
    proofCount: 1,
    scope: 'global',
    status: 'active',
    pinned: false,
    ...known,
  };
}
