// What an imported memory may do to the store (#25): a file is not the person. Like the extractor's changes
// (lib/pipeline/guard.ts), a memory that would steer every later chat waits in Review: a standing rule, a pinned
// memory, or one carrying a link (lib/recall/links.ts), as a new memory the person approves or rejects. A file
// never changes a memory the person owns (pinned, a standing rule, typed or edited by hand): a newer text or a
// deletion becomes a proposal (lib/background/memories/review-decisions.ts applies it), anything else is kept. A copy dated after the
// import never wins (clamp.ts): its date is a claim no honest file makes.
import { memoryEvent } from '../model/memory-event';
import type { Memory, MemoryEvent } from '../model/records';
import { ownedBecause } from '../pipeline/guard';
import { hasLink } from '../recall/links';
import type { ImportedMemory, MemoryPlan } from '../store/import';

/** Why an active imported memory waits in Review, or null. */
export function holdReason(m: Memory): string | null {
  if (m.status !== 'active') return null;
  if (m.priority === -1) return 'a standing rule';
  if (m.pinned) return 'a pinned memory';
  return hasLink(m.text) ? `${/^[aeiou]/.test(m.type) ? 'an' : 'a'} ${m.type} with a link` : null;
}

function importEvent(
  op: MemoryEvent['op'],
  before: Memory | null,
  after: Memory,
  reason: string,
  at: string,
) {
  const change = { id: `import:${after.id}:${at}`, op, before, after, reason, at, imported: true };
  return memoryEvent(change, { actor: 'import' });
}

/** A change to a memory the person owns, as a pending copy (one per memory: importing again replaces it). */
function proposal(stored: Memory, incoming: Memory, why: string, at: string): MemoryPlan {
  // In the Trash already: nothing Review could apply (its Approve needs a live memory).
  if (stored.status === 'deleted') return { kind: 'keep' };
  const deletes = incoming.status === 'deleted';
  if (!deletes && incoming.text === stored.text) return { kind: 'keep' };
  const copy: Memory = {
    ...stored,
    ...{ id: `import:${stored.id}`, status: 'pending', createdAt: at, updatedAt: at },
    ...(deletes ? {} : { text: incoming.text, tokenCount: incoming.tokenCount, sources: incoming.sources }),
  };
  const reason = `From an imported file: ${why}, only you change it`;
  return {
    kind: 'propose',
    proposal: copy,
    event: importEvent(deletes ? 'delete' : 'update', stored, copy, reason, at),
  };
}

/**
 * What to do with one imported memory, given the stored copy (if any) and whether the person wrote it. `at` is
 * after every date of the import (the file's are no later than the present), so the hold is the latest event.
 */
export function planMemory(
  incoming: ImportedMemory,
  stored: Memory | undefined,
  writtenByYou: boolean,
  at: string,
): MemoryPlan {
  const { memory, history, late } = incoming;
  if (stored && (late || memory.updatedAt <= stored.updatedAt)) return { kind: 'keep' };
  const owned = stored ? ownedBecause(stored, writtenByYou) : null;
  if (stored && owned) return proposal(stored, memory, owned, at);
  const why = holdReason(memory);
  if (!why) return { kind: 'write', memory, history, held: false };
  const held: Memory = { ...memory, status: 'pending' };
  const reason = `From an imported file: ${why} waits for your review`;
  const hold = importEvent(stored ? 'update' : 'add', stored ?? null, held, reason, at);
  return { kind: 'write', memory: held, history: [...history, hold], held: true };
}
