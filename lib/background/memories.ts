import type { NewMemory } from '../model/messages';
import type { Memory, MemoryEvent } from '../model/records';
import { escapeMemoryText } from '../recall/block';
import { getMemory, writeMemory } from '../store/memories';
import { countTokens } from '../tokens';

/** A memory the user typed: full confidence, about the user, global unless a scope was chosen. */
export async function addUserMemory(input: NewMemory, now = new Date()): Promise<Memory> {
  const at = now.toISOString();
  const memory: Memory = {
    id: crypto.randomUUID(),
    text: input.text,
    type: input.type,
    priority: input.priority ?? (input.type === 'instruction' ? -1 : 50),
    confidence: 1,
    attributedTo: 'user',
    occurredStart: null,
    occurredEnd: null,
    mentionedAt: at,
    createdAt: at,
    updatedAt: at,
    sources: [],
    proofCount: 1,
    scope: input.scope ?? 'global',
    status: 'active',
    pinned: input.pinned ?? false,
    // Counted on the escaped form: that is what the block will hold.
    tokenCount: await countTokens(escapeMemoryText(input.text)),
  };
  await writeMemory(memory, userEvent(memory.id, 'add', null, memory, at));
  return memory;
}

/** Soft delete: the memory stays restorable, and the event says who did it. */
export async function deleteUserMemory(id: string, now = new Date()): Promise<void> {
  const before = await getMemory(id);
  if (!before) throw new Error(`No memory with id ${id}`);
  const at = now.toISOString();
  const after: Memory = { ...before, status: 'deleted', updatedAt: at };
  await writeMemory(after, userEvent(id, 'delete', before, after, at));
}

function userEvent(
  memoryId: string,
  op: MemoryEvent['op'],
  before: Memory | null,
  after: Memory | null,
  at: string,
): MemoryEvent {
  const reason = op === 'add' ? 'Added by hand' : 'Deleted by hand';
  return {
    id: crypto.randomUUID(),
    memoryId,
    op,
    before,
    after,
    reason,
    actor: 'user',
    jobId: null,
    promptVersion: null,
    model: null,
    at,
  };
}
