// The durable extraction queue (#4). Each job takes a lease; a killed service worker's job is reclaimed by
// the next instance (releaseOrphans) or when its lease times out, and re-run from scratch: its writes commit
// in one transaction with the job's completion (commitJob), so a rerun never duplicates anything.
import { ProblemError, type Said } from '../model/problem';
import type { Job } from '../model/records';
import { db } from './db';
import { leaseState, readGeneration, type Lease } from './generation';

const iso = (ms: number) => new Date(ms).toISOString();

function newJob(conversationKey: string, fromOrder: number, runAfter: Date, now: Date): Job {
  return {
    id: crypto.randomUUID(),
    kind: 'extract',
    conversationKey,
    status: 'pending',
    attempts: 0,
    fromOrder,
    runAfter: runAfter.toISOString(),
    leaseUntil: null,
    leaseOwner: null,
    lastError: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** Schedules extraction of a conversation's new turns; an existing pending job is pushed to the new time. */
export async function enqueueExtraction(
  conversationKey: string,
  runAfter: Date,
  now = new Date(),
): Promise<Job> {
  const d = db();
  return d.transaction('rw', d.jobs, async () => {
    const jobs = await d.jobs.where('conversationKey').equals(conversationKey).toArray();
    // A retried dead letter is bounded to its own turns (toOrder set): new turns need a job of their own.
    const waiting = jobs.find((j) => j.status === 'pending' && j.toOrder === undefined);
    if (waiting) {
      // A job backing off after a failure keeps its wait: a new capture (or the tab closing) must not make it
      // retry sooner and pay again (#12). A job that never ran is simply moved.
      const at = runAfter.toISOString();
      const next = waiting.attempts > 0 && waiting.runAfter > at ? waiting.runAfter : at;
      const moved = { ...waiting, runAfter: next, updatedAt: now.toISOString() };
      await d.jobs.put(moved);
      return moved;
    }
    const job = newJob(conversationKey, coveredBy(jobs) + 1, runAfter, now);
    await d.jobs.add(job);
    return job;
  });
}

const due = (j: Job, at: string) =>
  (j.status === 'pending' && j.runAfter <= at) || (j.status === 'running' && (j.leaseUntil ?? '') < at);

/** Takes the lease on the next due job, or returns null. The lease carries the delete generation (#12). */
export async function claimNextJob(owner: string, leaseMs: number, now = new Date()): Promise<Lease | null> {
  const d = db();
  const at = now.toISOString();
  return d.transaction('rw', d.jobs, d.meta, async () => {
    const open = await d.jobs.where('status').anyOf('pending', 'running').toArray();
    const next = open.filter((j) => due(j, at)).sort((a, b) => a.runAfter.localeCompare(b.runAfter))[0];
    if (!next) return null;
    const leased: Job = {
      ...next,
      status: 'running',
      attempts: next.attempts + 1,
      leaseOwner: owner,
      leaseUntil: iso(now.getTime() + leaseMs),
      updatedAt: at,
    };
    await d.jobs.put(leased);
    return { job: leased, generation: await readGeneration(d) };
  });
}

/** Jobs leased by an earlier service-worker instance cannot still be running: hand them back at once. */
export async function releaseOrphans(owner: string, now = new Date()): Promise<number> {
  const d = db();
  return d.transaction('rw', d.jobs, async () => {
    const running = await d.jobs.where('status').equals('running').toArray();
    const orphans = running.filter((j) => j.leaseOwner !== owner);
    const at = now.toISOString();
    await d.jobs.bulkPut(
      orphans.map((j) => ({ ...j, status: 'pending' as const, runAfter: at, updatedAt: at })),
    );
    return orphans.length;
  });
}

export async function updateJob(id: string, patch: Partial<Job>): Promise<void> {
  await db().jobs.update(id, patch);
}

export async function getJob(id: string): Promise<Job | undefined> {
  return db().jobs.get(id);
}

export async function listJobs(): Promise<Job[]> {
  const rows = await db().jobs.toArray();
  return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** When the queue should next wake: the earliest pending runAfter or running lease end. */
export async function nextWake(): Promise<string | null> {
  const open = await db().jobs.where('status').anyOf('pending', 'running').toArray();
  const times = open.map((j) => (j.status === 'running' ? (j.leaseUntil ?? j.runAfter) : j.runAfter)).sort();
  return times[0] ?? null;
}

/** A failed run of a lease that still holds; a run whose job was deleted or re-leased records nothing (#12). */
export async function failLeasedJob(
  lease: Lease,
  error: Said,
  maxAttempts: number,
  backoffMs: number,
  now = new Date(),
  attemptedTo?: number,
): Promise<void> {
  const d = db();
  await d.transaction('rw', d.jobs, d.meta, async () => {
    if ((await leaseState(d, lease)) !== 'lost')
      await failJob(lease.job, error, maxAttempts, backoffMs, now, attemptedTo);
  });
}

/**
 * After a failed attempt: back off, or dead-letter once `maxAttempts` is reached (#4). A dead letter keeps
 * the last turn order it attempted as `toOrder`, so later jobs skip its turns instead of resending them
 * forever (#12); its Retry re-sends exactly `fromOrder..toOrder`.
 */
export async function failJob(
  job: Job,
  error: Said,
  maxAttempts: number,
  backoffMs: number,
  now = new Date(),
  attemptedTo?: number,
) {
  const at = now.toISOString();
  const dead = job.attempts >= maxAttempts;
  const toOrder = dead ? (attemptedTo ?? job.toOrder) : job.toOrder;
  await db().jobs.update(job.id, {
    ...(toOrder === undefined ? {} : { toOrder }),
    status: dead ? 'failed' : 'pending',
    runAfter: dead ? job.runAfter : iso(now.getTime() + backoffMs * 2 ** Math.max(0, job.attempts - 1)),
    leaseUntil: null,
    leaseOwner: null,
    lastError: typeof error === 'string' ? error.slice(0, 500) : error,
    updatedAt: at,
  });
}

/** With no provider, due jobs wait without spending attempts, and say why. */
export async function markWaiting(message: Said, now = new Date()): Promise<number> {
  const d = db();
  const at = now.toISOString();
  return d.transaction('rw', d.jobs, async () => {
    const due = await d.jobs
      .where('status')
      .equals('pending')
      .filter((j) => j.runAfter <= at)
      .toArray();
    await d.jobs.bulkPut(due.map((j) => ({ ...j, lastError: message, updatedAt: at })));
    return due.length;
  });
}

/** The dead letter's "Retry": a fresh set of attempts, due now. */
export async function retryJob(id: string, now = new Date()): Promise<void> {
  const job = await db().jobs.get(id);
  if (!job) throw new ProblemError({ code: 'job-gone' });
  if (job.status !== 'failed') throw new ProblemError({ code: 'retry-failed-only', status: job.status });
  const at = now.toISOString();
  await db().jobs.put({
    ...job,
    status: 'pending',
    attempts: 0,
    runAfter: at,
    leaseUntil: null,
    updatedAt: at,
  });
}

/** "Extract now": every pending job becomes due. */
/**
 * Jobs held with a reason (a model not downloaded yet, a language the model does not read, #35) become due: a
 * saved provider or a finished download may have removed it. Jobs still settling (no reason) keep their time.
 */
export async function wakeHeld(now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db()
    .jobs.where('status')
    .equals('pending')
    .filter((j) => j.lastError !== null && j.runAfter > at)
    .modify({ runAfter: at });
}

export async function makeDue(now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db().jobs.where('status').equals('pending').modify({ runAfter: at });
}

/** Done, dead-lettered (attempted) and retried jobs all hold their turns: new jobs start after them. */
const coveredBy = (jobs: Job[]) => Math.max(-1, ...jobs.map((j) => j.toOrder ?? -1));

/** The last turn order a job of this conversation covered or gave up on, or -1. */
export async function coveredOrder(conversationKey: string): Promise<number> {
  return coveredBy(await db().jobs.where('conversationKey').equals(conversationKey).toArray());
}

/** The rest of a retried job's turns, when the job could not read them all at once: a bounded job, due now. */
export async function enqueueRange(
  conversationKey: string,
  fromOrder: number,
  toOrder: number,
  now = new Date(),
) {
  const job = rangeJob(conversationKey, fromOrder, toOrder, now);
  await db().jobs.add(job);
  return job;
}

/** A pending job bounded to `fromOrder..toOrder`: it reads exactly those turns. */
export function rangeJob(
  conversationKey: string,
  fromOrder: number,
  toOrder: number,
  now: Date,
  runAfter = now,
): Job {
  return { ...newJob(conversationKey, fromOrder, runAfter, now), toOrder };
}
