// What a job's commit checks before it writes (#12), inside the commit transaction: the lease and delete
// generation (lib/store/generation.ts), and every memory the job's writes replace, re-read. A job reads the
// store, waits seconds on a model, then writes copies of what it read: without the re-read a "confirm" of an
// old copy reverted the person's edit and revived a memory they had just deleted.
import type { Problem } from '../model/problem';
import type { Memory, MemoryEvent } from '../model/records';
import type { EngramDB } from './db';
import { leaseState, type Lease } from './generation';

/** One memory a job writes and the event that records it. Here, not in pipeline.ts, which imports this (#26). */
export interface MemoryWrite {
  memory: Memory;
  event: MemoryEvent;
}

export interface CommitCheck {
  lease: 'holds' | 'moved' | 'lost';
  /** The writes that may land, some rebased into Review proposals. */
  writes: MemoryWrite[];
  /** Changes dropped because the person changed or deleted their memory while the job ran. */
  skipped: number;
  /** Updates of a memory the person changed meanwhile, kept as proposals beside it. */
  toReview: number;
}

/** Canonical JSON: the same record read twice gives the same string, whatever order its keys were set in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * Any change since the job read it counts, not only updatedAt, status and text: two writes in one
 * millisecond (a fault schedule found two jobs run in one tick) share an updatedAt.
 */
const unchanged = (now: Memory, read: Memory) => canonical(now) === canonical(read);

/**
 * An update of a memory that changed but still lives becomes a pending proposal beside the person's version,
 * so the new information waits in Review instead of overwriting theirs; a confirm or delete of it is dropped.
 */
function rebase({ memory, event }: MemoryWrite, current: Memory): MemoryWrite | null {
  if (event.op !== 'update' || !event.before) return null;
  const inPlace = memory.id === current.id;
  const proposal: Memory = inPlace
    ? {
        ...memory,
        id: `${event.id}:review`,
        status: 'pending',
        pinned: false,
        createdAt: memory.updatedAt,
        // Approve (lib/background/memories/review-decisions.ts) takes a proposal's sources whole: the person's version's own,
        // then what this job added.
        sources: [...current.sources, ...memory.sources.slice(event.before.sources.length)],
      }
    : memory;
  const reason = `${event.reason} (the memory changed while this job ran: sent to Review)`;
  return {
    memory: proposal,
    event: { ...event, memoryId: proposal.id, before: current, after: proposal, reason },
  };
}

/** Re-reads, in the caller's transaction (memories), every memory the writes replace. */
async function recheck(d: EngramDB, writes: MemoryWrite[]): Promise<Omit<CommitCheck, 'lease'>> {
  const ids = [...new Set(writes.flatMap((w) => (w.event.before ? [w.event.before.id] : [])))];
  const stored = new Map<string, Memory>(
    (await d.memories.bulkGet(ids)).flatMap((m) => (m ? [[m.id, m] as const] : [])),
  );
  const out: Omit<CommitCheck, 'lease'> = { writes: [], skipped: 0, toReview: 0 };
  for (const write of writes) {
    const read = write.event.before;
    const now = read ? stored.get(read.id) : undefined;
    if (!read || (now && unchanged(now, read))) {
      out.writes.push(write);
      // A second write of the job to the same memory (a confirm, then an update) now replaces this one.
      stored.set(write.memory.id, write.memory);
      continue;
    }
    // Deleted (to the Trash or forever) while the job ran: nothing the job says brings it back.
    const rebased = now && now.status !== 'deleted' ? rebase(write, now) : null;
    if (rebased) {
      out.writes.push(rebased);
      out.toReview++;
    } else out.skipped++;
  }
  return out;
}

/** The one check a job's commit makes; call inside a transaction over memories, jobs and meta. */
export async function checkCommit(d: EngramDB, lease: Lease, writes: MemoryWrite[]): Promise<CommitCheck> {
  const state = await leaseState(d, lease);
  if (state !== 'holds') return { lease: state, writes: [], skipped: 0, toReview: 0 };
  return { lease: state, ...(await recheck(d, writes)) };
}

/** What Activity says about a job whose commit kept the person's version over its own. */
export function checkNote(check: Pick<CommitCheck, 'skipped' | 'toReview'>): Problem | null {
  const { skipped, toReview } = check;
  return skipped || toReview ? { code: 'kept-yours', skipped, toReview } : null;
}
