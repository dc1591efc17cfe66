// The queue runner (#4): claims due jobs one at a time under a lease, runs them, commits each job's writes
// with its completion, backs off on failure and dead-letters after QUEUE.maxAttempts. Effects are injected.
import type { Settings } from '../model/settings';
import type { Provider } from '../providers/types';
import { getConversation, turnsOf } from '../store/conversations';
import { claimNextJob, coveredOrder, failJob, markWaiting, nextWake } from '../store/jobs';
import { commitJob, liveMemories } from '../store/pipeline';
import { recordUsage } from '../store/usage';
import type { Job, Memory } from '../model/records';
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

async function process(job: Job, provider: Provider, env: QueueEnv, now: () => Date): Promise<void> {
  try {
    const conversation = await getConversation(job.conversationKey);
    if (!conversation) {
      await commitJob(job.id, [], job.fromOrder - 1, now());
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
    const signal = AbortSignal.timeout(QUEUE.leaseMs - 30_000);
    const limits = (targets: Memory[]) => guardInput(targets, settings, now());
    const deps = {
      provider,
      settings,
      now,
      conversation,
      turns,
      memories,
      recordUsage,
      signal,
      guardInput: limits,
    };
    const result = await runJob(fresh, { ...deps, countTokens: env.countTokens });
    await commitJob(job.id, result.writes, result.toOrder, now());
  } catch (e) {
    // Provider errors may echo part of a key or of the conversation: redact before it is stored or shown.
    const message = redact(e instanceof Error ? e.message : String(e)).text;
    await failJob(job, message, QUEUE.maxAttempts, QUEUE.backoffMs, now());
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
  for (let job = await claimNextJob(env.owner, QUEUE.leaseMs, now()); job;) {
    await process(job, provider, env, now);
    ran++;
    job = await claimNextJob(env.owner, QUEUE.leaseMs, now());
  }
  await env.wakeAt(await nextWake());
  return ran;
}
