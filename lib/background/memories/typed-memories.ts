import { ProblemError } from '../../model/problem';
import type { NewMemory } from '../../model/messages';
import { newMemory } from '../../model/new-memory';
import type { Memory } from '../../model/records';
import { escapeMemoryText } from '../../recall/block';
import { getMemory, writeMemory } from '../../store/memories';
import { countTokens } from '../../tokens';
import { byUser } from '../shared/user-events';

/** A memory the user typed: full confidence, about the user, global unless a scope was chosen. */
export async function addUserMemory(input: NewMemory, now = new Date()): Promise<Memory> {
  const at = now.toISOString();
  const memory = newMemory(
    {
      text: input.text,
      type: input.type,
      priority: input.priority ?? (input.type === 'instruction' ? -1 : 50),
      scope: input.scope ?? 'global',
      pinned: input.pinned ?? false,
      // Counted on the escaped form: that is what the block will hold.
      tokenCount: await countTokens(escapeMemoryText(input.text)),
    },
    at,
  );
  await writeMemory(memory, byUser('add', null, memory, 'Added by hand'));
  return memory;
}

/** Soft delete: the memory stays restorable, and the event says who did it. */
export async function deleteUserMemory(id: string, now = new Date()): Promise<void> {
  const before = await getMemory(id);
  if (!before) throw new ProblemError({ code: 'memory-gone' });
  const at = now.toISOString();
  const after: Memory = { ...before, status: 'deleted', updatedAt: at };
  await writeMemory(after, byUser('delete', before, after, 'Deleted by hand'));
}
