// The delete generation (#12): Delete everything and conversation deletes bump it in their own transaction;
// a job remembers it when it takes its lease and checks it, with the lease itself, in its commit
// transaction. A run that read the store before a delete never writes after it: a job's copies of memories
// and turns from before Delete everything came back with its commit when this check was missing.
import type { Job } from '../model/records';
import type { EngramDB } from './db';

const KEY = 'deleteGeneration';

/** A job's claim: the leased row as written, and the generation it was taken under. */
export interface Lease {
  job: Job;
  generation: number;
}

/** Call inside a transaction that includes `meta`. */
export async function readGeneration(d: EngramDB): Promise<number> {
  return (await d.meta.get(KEY))?.value ?? 0;
}

/** Call inside the delete's own transaction (which must include `meta`). */
export async function bumpGeneration(d: EngramDB): Promise<void> {
  await d.meta.put({ key: KEY, value: (await readGeneration(d)) + 1 });
}

/**
 * `holds`: the row is still this lease and nothing was deleted since. `moved`: still this lease, but a delete
 * happened during the run, so what it read may be stale: it runs again. `lost`: the job was deleted with its
 * conversation or with everything, or re-leased (an expired lease reclaimed): this run must write nothing.
 * Call inside a transaction that includes `jobs` and `meta`.
 */
export async function leaseState(d: EngramDB, lease: Lease): Promise<'holds' | 'moved' | 'lost'> {
  const row = await d.jobs.get(lease.job.id);
  const mine =
    row?.status === 'running' &&
    row.leaseOwner === lease.job.leaseOwner &&
    row.attempts === lease.job.attempts &&
    row.leaseUntil === lease.job.leaseUntil;
  if (!mine) return 'lost';
  return (await readGeneration(d)) === lease.generation ? 'holds' : 'moved';
}
