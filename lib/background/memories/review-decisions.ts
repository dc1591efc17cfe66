// Review mode (#6): with "Ask me before saving" on, the pipeline (#4) writes new memories and proposed
// changes with status "pending"; so does the guard (#11) for memories the person owns, standing rules and
// jobs over their caps, whatever the setting. A pending memory whose latest event has a non-pending `before`
// is a proposal: a change to that version (same id), or a change or deletion of another memory (a pending
// copy with its own id). Approve applies it; Reject keeps the previous version, or moves a new memory to the
// Trash (restorable, like any delete).
import { ProblemError } from '../../model/problem';
import type { Memory, MemoryEvent } from '../../model/records';
import { purgeMemory, writeMemories } from '../../store/manage';
import { settleProposal } from '../../store/proposals';
import { proposalBase } from '../../store/views';
import { getMemory, listMemories, writeMemory } from '../../store/memories';
import { conflictIds } from '../../store/sync-conflicts';
import { byUser, tokensOf } from '../shared/user-events';
import { mustGet } from './memory-edits';
import { heldFromBulk } from '../../pipeline/held';

async function mustBePending(id: string): Promise<Memory> {
  const memory = await mustGet(id);
  if (memory.status !== 'pending') throw new ProblemError({ code: 'not-in-review' });
  return memory;
}

/** The other memory a pending copy proposes to change or delete, or null when it proposes itself. */
async function proposedFor(proposal: Memory): Promise<{ target: Memory | null; event: MemoryEvent } | null> {
  const { base, event } = await proposalBase(proposal.id);
  if (!base || !event || base.id === proposal.id) return null;
  const target = (await getMemory(base.id)) ?? null;
  return { target: target && target.status !== 'deleted' ? target : null, event };
}

const later = (a: string, b: string) => (a > b ? a : b);

async function applyTo(
  proposal: Memory,
  target: Memory,
  event: MemoryEvent,
  text: string | undefined,
  at: string,
) {
  if (event.op === 'delete') {
    const after: Memory = { ...target, status: 'deleted', updatedAt: at };
    await settleProposal(proposal.id, after, byUser('delete', target, after, `Approved: ${event.reason}`));
    return after;
  }
  const edited = text !== undefined && text !== proposal.text;
  const after: Memory = {
    ...target,
    text: edited ? text : proposal.text,
    tokenCount: edited ? await tokensOf(text) : proposal.tokenCount,
    sources: proposal.sources,
    mentionedAt: later(target.mentionedAt, proposal.mentionedAt),
    updatedAt: at,
  };
  const reason = edited ? 'Edited, then approved a proposed change' : `Approved: ${event.reason}`;
  await settleProposal(proposal.id, after, byUser('approve', target, after, reason));
  return after;
}

export async function approveMemory(id: string, text?: string, now = new Date()): Promise<Memory> {
  const before = await mustBePending(id);
  const other = await proposedFor(before);
  if (other) {
    if (!other.target) throw new ProblemError({ code: 'target-gone' });
    return applyTo(before, other.target, other.event, text, now.toISOString());
  }
  const edited = text !== undefined && text !== before.text;
  const after: Memory = { ...before, status: 'active', updatedAt: now.toISOString() };
  if (edited) {
    after.text = text;
    after.tokenCount = await tokensOf(text);
  }
  await writeMemory(after, byUser('approve', before, after, edited ? 'Edited, then approved' : 'Approved'));
  return after;
}

export async function rejectMemory(id: string, now = new Date()): Promise<void> {
  const before = await mustBePending(id);
  const at = now.toISOString();
  const other = await proposedFor(before);
  if (other) {
    // The memory stays as it was; its history says a change was proposed and turned down.
    const what = other.event.op === 'delete' ? 'a proposed deletion' : 'a proposed change';
    const target = other.target;
    if (!target) return purgeMemory(before.id);
    const kept = { ...target, updatedAt: at };
    const reason = `Rejected ${what}: ${other.event.reason}`;
    await settleProposal(before.id, kept, byUser('reject', target, kept, reason));
    return;
  }
  const { base } = await proposalBase(id);
  const after: Memory = base ? { ...base, updatedAt: at } : { ...before, status: 'deleted', updatedAt: at };
  const reason = base ? 'Rejected; kept the previous version' : 'Rejected';
  await writeMemory(after, byUser('reject', before, after, reason));
}

/**
 * Every pending memory approved, but for three kinds. A proposal whose memory is gone stays for the person to
 * reject. A sync conflict stays too: a memory deleted on one device and edited on another is pending, and approving
 * it would bring it back without the person seeing both versions (LiveSync #151); Review shows it as a conflict card
 * instead (#15). And a held proposal (a link, a standing rule, a pin, a desktop app's or a file's; #34 item 3) is
 * approved only on its own card: one click on Approve all made `remember`'s `![](https://evil.example/…)` active.
 */
export async function approveAll(now = new Date()): Promise<{ approved: number; held: number }> {
  const [all, inConflict] = await Promise.all([listMemories('pending'), conflictIds()]);
  const pending = all.filter((m) => !inConflict.has(m.id));
  const at = now.toISOString();
  const own: Memory[] = [];
  let approved = 0;
  let held = 0;
  for (const m of pending) {
    const { event } = await proposalBase(m.id);
    if (heldFromBulk(m, event)) {
      held++;
      continue;
    }
    const other = await proposedFor(m);
    if (!other) own.push(m);
    else if (other.target) {
      await applyTo(m, other.target, other.event, undefined, at);
      approved++;
    }
  }
  const activated = own.map((m): Memory => ({ ...m, status: 'active', updatedAt: at }));
  await writeMemories(
    activated,
    activated.map((m, i) => byUser('approve', own[i] ?? null, m, 'Approved with all others')),
  );
  return { approved: approved + activated.length, held };
}
