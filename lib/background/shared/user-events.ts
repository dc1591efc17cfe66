import { memoryEvent } from '../../model/memory-event';
import type { Memory, MemoryEvent } from '../../model/records';
import { escapeMemoryText } from '../../recall/block';
import { countTokens } from '../../tokens';

/** An event for a change the user made in the options page or popup. */
export function byUser(op: MemoryEvent['op'], before: Memory | null, after: Memory | null, reason: string) {
  const at = after?.updatedAt ?? new Date().toISOString();
  return memoryEvent({ op, before, after, reason, at }, { actor: 'user' });
}

/** Counted on the escaped form, as in addUserMemory: that is what the recall block will hold. */
export function tokensOf(text: string): Promise<number> {
  return countTokens(escapeMemoryText(text));
}
