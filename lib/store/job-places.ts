// Extraction jobs count turns by their place (fromOrder..toOrder, lib/store/jobs.ts): when a partial read moves
// stored turns to make room for earlier ones (./window.ts, #24), every job of the conversation moves with the
// turns it counted, in the same transaction. Turns placed inside what jobs already covered get a job of their
// own; a job running on the old places is taken back, so its commit writes nothing and it runs again.
import type { Job } from '../model/records';
import type { EngramDB } from './db';
import { rangeJob } from './jobs';
import type { Placement } from './window';

function moveJob(job: Job, p: Placement, at: string): Job {
  // An open job starts at its first unread turn: turns placed right there are unread too.
  const fromOrder = job.toOrder === undefined ? p.start(job.fromOrder) : p.shift(job.fromOrder);
  const moved: Job = { ...job, fromOrder, updatedAt: at };
  if (job.toOrder !== undefined) moved.toOrder = p.shift(job.toOrder);
  if (job.status !== 'running') return moved;
  const attempts = Math.max(0, job.attempts - 1);
  return { ...moved, status: 'pending', attempts, leaseOwner: null, leaseUntil: null, runAfter: at };
}

/** Runs of consecutive places, as [from, to]. */
function spans(orders: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const o of [...orders].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last && o === last[1] + 1) last[1] = o;
    else out.push([o, o]);
  }
  return out;
}

/** Call inside the capture's transaction, which must include `jobs`. */
export async function moveJobPlaces(d: EngramDB, conversationKey: string, p: Placement, now: Date) {
  const at = now.toISOString();
  const jobs = (await d.jobs.where('conversationKey').equals(conversationKey).toArray()).map((j) =>
    moveJob(j, p, at),
  );
  await d.jobs.bulkPut(jobs);
  const covered = Math.max(-1, ...jobs.map((j) => j.toOrder ?? -1));
  // With the conversation's waiting job, or now when none waits (the tab's settling kicks the queue).
  const waiting = jobs.find((j) => j.status === 'pending' && j.toOrder === undefined);
  const runAfter = new Date(waiting?.runAfter ?? at);
  const holes = spans(p.added.filter((o) => o <= covered));
  await d.jobs.bulkAdd(holes.map(([from, to]) => rangeJob(conversationKey, from, to, now, runAfter)));
}
