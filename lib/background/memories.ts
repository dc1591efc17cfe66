import type { NewMemory } from '../model/messages';
import type { Memory } from '../model/records';
import { escapeMemoryText } from '../recall/block';
import { getMemory, writeMemory } from '../store/memories';
import { countTokens } from '../tokens';
import { byUser } from './events';

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
  await writeMemory(memory, byUser('add', null, memory, 'Added by hand'));
  return memory;
}

/** Soft delete: the memory stays restorable, and the event says who did it. */
export async function deleteUserMemory(id: string, now = new Date()): Promise<void> {
  const before = await getMemory(id);
  if (!before) throw new Error(`No memory with id ${id}`);
  const at = now.toISOString();
  const after: Memory = { ...before, status: 'deleted', updatedAt: at };
  await writeMemory(after, byUser('delete', before, after, 'Deleted by hand'));
}
