// The queue runner (#4): claims due jobs one at a time under a lease, runs them, commits each job's writes
// with its completion, backs off on failure and dead-letters after QUEUE.maxAttempts. Effects are injected.
import type { Memory, Usage } from '../model/records';
import type { Settings } from '../model/settings';
import type { Provider } from '../providers/types';
import { onStoreChange } from '../store/changes';
import { getConversation, turnsOf } from '../store/conversations';
import type { Lease } from '../store/generation';
import { claimNextJob, coveredOrder, failLeasedJob, markWaiting, nextWake } from '../store/jobs';
import { commitJob, liveMemories } from '../store/pipeline';
import { recordLeasedUsage } from '../store/usage';
import { runJob } from './job';
import { guardInput, tokenHold } from './limits';
import { holdJob } from '../store/limits';
import { redact } from './redact';

export const QUEUE = {
  /** Longer than a slow model call (timeout 60 s, retries), shorter than a user's patience. */
  leaseMs: 5 * 60_000,
  maxAttempts: 5,
  backoffMs: 60_000,
};

export const NO_PROVIDER = 'Choose a model to extract memories';

export interface QueueEnv {
  /** This service-worker instance. */
  owner: string;
  provider: () => Promise<Provider | null>;
  settings: () => Promise<Settings>;
  countTokens: (text: string) => Promise<number>;
  /** Sets the wake-up alarm; null clears it. */
  wakeAt: (iso: string | null) => Promise<void>;
  now?: () => Date;
}

/** Runs in flight in this worker, so a delete can stop the model call of a job it cancels (#12). */
const inFlight = new Map<string, { conversationKey: string; stop: AbortController }>();

export const CANCELLED = 'Cancelled: what this job was reading was deleted';

onStoreChange((change) => {
  if (change.kind !== 'cleared' && change.kind !== 'conversationsDeleted') return;
  for (const run of inFlight.values())
    if (change.kind === 'cleared' || change.keys.includes(run.conversationKey))
      run.stop.abort(new Error(CANCELLED));
});

async function process(lease: Lease, provider: Provider, env: QueueEnv, now: () => Date): Promise<void> {
  const job = lease.job;
  const stop = new AbortController();
  inFlight.set(job.id, { conversationKey: job.conversationKey, stop });
  try {
    const conversation = await getConversation(job.conversationKey);
    if (!conversation) {
      await commitJob(lease, [], job.fromOrder - 1, now());
      return;
    }
    const [turns, memories, settings, covered] = await Promise.all([
      turnsOf(job.conversationKey),
      liveMemories(),
      env.settings(),
      coveredOrder(job.conversationKey),
    ]);
    // Past the daily token cap (Settings → Limits) nothing more is spent today; the job waits, unharmed (#11).
    const hold = await tokenHold(settings, now());
    if (hold) {
      await holdJob(job, hold.until, hold.why, now());
      return;
    }
    // A job queued while an earlier one was running starts after what that one covered.
    const fresh = { ...job, fromOrder: Math.max(job.fromOrder, covered + 1) };
    // The call must not outlive the lease, or a reclaimed job could run twice.
    const signal = AbortSignal.any([AbortSignal.timeout(QUEUE.leaseMs - 30_000), stop.signal]);
    const recordUsage = (rows: Usage[]) => recordLeasedUsage(lease, rows);
    const guard = (targets: Memory[]) => guardInput(targets, settings, now());
    const deps = { provider, settings, now, conversation, turns, memories, recordUsage, signal };
    const result = await runJob(fresh, { ...deps, guardInput: guard, countTokens: env.countTokens });
    await commitJob(lease, result.writes, result.toOrder, now());
  } catch (e) {
    // Provider errors may echo part of a key or of the conversation: redact before it is stored or shown.
    const message = redact(e instanceof Error ? e.message : String(e)).text;
    await failLeasedJob(lease, message, QUEUE.maxAttempts, QUEUE.backoffMs, now());
  } finally {
    inFlight.delete(job.id);
  }
}

/** Runs every due job; returns how many ran. Without a provider, jobs wait and nothing is lost. */
export async function runDueJobs(env: QueueEnv): Promise<number> {
  const now = env.now ?? (() => new Date());
  const provider = await env.provider();
  if (!provider) {
    await markWaiting(NO_PROVIDER, now());
    await env.wakeAt(null);
    return 0;
  }
  let ran = 0;
  for (let lease = await claimNextJob(env.owner, QUEUE.leaseMs, now()); lease;) {
    await process(lease, provider, env, now);
    ran++;
    lease = await claimNextJob(env.owner, QUEUE.leaseMs, now());
  }
  await env.wakeAt(await nextWake());
  return ran;
}
