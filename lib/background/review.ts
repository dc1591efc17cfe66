// Review mode (#6): with "Ask me before saving" on, the pipeline (#4) writes new memories and proposed
// changes with status "pending". A pending memory whose latest event has a non-pending `before` is a proposed
// change to that version; otherwise it is new. Approve makes it active; Reject restores the previous version,
// or moves a new one to the Trash (restorable, like any delete).
import type { Memory } from '../model/records';
import { writeMemories } from '../store/manage';
import { proposalBase } from '../store/views';
import { listMemories, writeMemory } from '../store/memories';
import { byUser, tokensOf } from './events';
import { mustGet } from './manage';

async function mustBePending(id: string): Promise<Memory> {
  const memory = await mustGet(id);
  if (memory.status !== 'pending') throw new Error('This memory is no longer waiting for review.');
  return memory;
}

export async function approveMemory(id: string, text?: string, now = new Date()): Promise<Memory> {
  const before = await mustBePending(id);
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
  const { base } = await proposalBase(id);
  const at = now.toISOString();
  const after: Memory = base ? { ...base, updatedAt: at } : { ...before, status: 'deleted', updatedAt: at };
  const reason = base ? 'Rejected; kept the previous version' : 'Rejected';
  await writeMemory(after, byUser('reject', before, after, reason));
}

export async function approveAll(now = new Date()): Promise<{ approved: number }> {
  const pending = await listMemories('pending');
  const at = now.toISOString();
  const approved = pending.map((m): Memory => ({ ...m, status: 'active', updatedAt: at }));
  await writeMemories(
    approved,
    approved.map((m, i) => byUser('approve', pending[i] ?? null, m, 'Approved with all others')),
  );
  return { approved: approved.length };
}
