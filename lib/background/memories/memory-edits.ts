// Memory edits from the manager (#6). Plain functions over lib/store, tested directly; every change writes
// a MemoryEvent by the user together with the memory.
import { ProblemError } from '../../model/problem';
import type { BulkRequest, MemoryPatch } from '../../model/messages';
import type { Memory, MemoryEvent } from '../../model/records';
import { lastEvent, getMemories, purgeMemory, writeMemories } from '../../store/manage';
import { getMemory, writeMemory } from '../../store/memories';
import { byUser, tokensOf } from '../shared/user-events';

export async function mustGet(id: string): Promise<Memory> {
  const memory = await getMemory(id);
  if (!memory) throw new ProblemError({ code: 'memory-gone' });
  return memory;
}

const FIELDS = ['text', 'type', 'priority', 'scope'] as const;

/** Applies only the fields that differ; an edit that changes nothing writes nothing. */
export async function updateMemory(patch: MemoryPatch, now = new Date()): Promise<Memory> {
  const before = await mustGet(patch.id);
  const changed = FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== before[f]);
  if (changed.length === 0) return before;
  const after: Memory = { ...before, ...pick(patch, changed), updatedAt: now.toISOString() };
  if (changed.includes('text')) after.tokenCount = await tokensOf(after.text);
  await writeMemory(after, byUser('update', before, after, `Edited ${changed.join(', ')}`));
  return after;
}

function pick(patch: MemoryPatch, fields: readonly (typeof FIELDS)[number][]): Partial<Memory> {
  return Object.fromEntries(fields.map((f) => [f, patch[f]]));
}

export async function setPinned(id: string, pinned: boolean, now = new Date()): Promise<Memory> {
  const before = await mustGet(id);
  if (before.pinned === pinned) return before;
  const after: Memory = { ...before, pinned, updatedAt: now.toISOString() };
  await writeMemory(after, byUser(pinned ? 'pin' : 'unpin', before, after, pinned ? 'Pinned' : 'Unpinned'));
  return after;
}

/** Undo and Trash → Restore: back to the status it had before it was deleted (pending stays pending). */
export async function restoreMemory(id: string, now = new Date()): Promise<Memory> {
  const before = await mustGet(id);
  if (before.status !== 'deleted') return before;
  const deletion = await lastEvent(id);
  const previous = deletion?.op === 'delete' || deletion?.op === 'reject' ? deletion.before?.status : null;
  const status = previous && previous !== 'deleted' ? previous : 'active';
  const after: Memory = { ...before, status, updatedAt: now.toISOString() };
  await writeMemory(after, byUser('restore', before, after, 'Restored from the Trash'));
  return after;
}

/** Delete forever is offered from the Trash only, so one click in the list can never destroy anything. */
export async function purgeFromTrash(id: string): Promise<void> {
  const memory = await mustGet(id);
  if (memory.status !== 'deleted') throw new ProblemError({ code: 'trash-first' });
  await purgeMemory(id);
}

function bulkChange(m: Memory, req: BulkRequest, at: string): [Memory, MemoryEvent] | null {
  const after: Memory = { ...m, updatedAt: at };
  if (req.action === 'delete') {
    if (m.status === 'deleted') return null;
    after.status = 'deleted';
    return [after, byUser('delete', m, after, 'Deleted with others')];
  }
  if (req.action === 'scope') {
    if (!req.scope || req.scope === m.scope) return null;
    after.scope = req.scope;
    return [after, byUser('update', m, after, `Scope changed to ${req.scope} with others`)];
  }
  const pinned = req.action === 'pin';
  if (m.pinned === pinned) return null;
  after.pinned = pinned;
  return [
    after,
    byUser(pinned ? 'pin' : 'unpin', m, after, pinned ? 'Pinned with others' : 'Unpinned with others'),
  ];
}

export async function bulkMemories(req: BulkRequest, now = new Date()): Promise<{ changed: number }> {
  if (req.action === 'scope' && !req.scope) throw new ProblemError({ code: 'choose-scope' });
  const at = now.toISOString();
  const changes = (await getMemories(req.ids)).map((m) => bulkChange(m, req, at)).filter((c) => c !== null);
  await writeMemories(
    changes.map(([m]) => m),
    changes.map(([, e]) => e),
  );
  return { changed: changes.length };
}
