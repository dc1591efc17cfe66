// Reads and the one job write behind the extractor's limits (#11): what it did today, which memories the
// person wrote, and a job held back until the next UTC day. Days are UTC, as in the usage table.
import type { Said } from '../model/problem';
import type { Job, MemoryEvent } from '../model/records';
import { db } from './db';

export interface Today {
  /** Adds, updates and deletes the extractor wrote without review. */
  changes: number;
  /** Prompt plus completion tokens of every provider call. */
  tokens: number;
}

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export function nextUtcDay(now: Date): Date {
  return new Date(`${dayOf(new Date(now.getTime() + 86_400_000))}T00:00:00.000Z`);
}

// What an import wrote is history from elsewhere, not this device's doing today (#25: a file's usage rows and
// extractor events, dated today, used up both caps).
const direct = (e: MemoryEvent) =>
  !e.imported &&
  e.actor === 'extractor' &&
  (e.op === 'add' || e.op === 'update' || e.op === 'delete') &&
  e.after?.status !== 'pending';

export async function extractionToday(now = new Date()): Promise<Today> {
  const d = db();
  const day = dayOf(now);
  const [events, usage] = await Promise.all([
    d.memoryEvents.where('at').aboveOrEqual(`${day}T00:00:00.000Z`).filter(direct).count(),
    d.usage.where('day').equals(day).toArray(),
  ]);
  const tokens = usage.reduce((n, u) => (u.imported ? n : n + u.promptTokens + u.completionTokens), 0);
  return { changes: events, tokens };
}

/** Of these memories, the ones the person typed or edited by hand (an event by the user that set its text). */
export async function writtenByPerson(ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const events = await db().memoryEvents.where('memoryId').anyOf(ids).toArray();
  const edits = events.filter(
    (e) =>
      e.actor === 'user' &&
      (e.op === 'add' || e.op === 'update' || (e.op === 'approve' && e.before?.text !== e.after?.text)),
  );
  return new Set(edits.map((e) => e.memoryId));
}

/** A claimed job goes back to waiting until `until`, without spending an attempt, and says why. */
export async function holdJob(job: Job, until: Date, why: Said, now = new Date()): Promise<void> {
  await db().jobs.update(job.id, {
    status: 'pending',
    attempts: Math.max(0, job.attempts - 1),
    runAfter: until.toISOString(),
    leaseUntil: null,
    leaseOwner: null,
    lastError: why,
    updatedAt: now.toISOString(),
  });
}
