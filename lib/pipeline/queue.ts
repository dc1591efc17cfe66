// The queue runner (#4): claims due jobs one at a time under a lease, runs them, commits each job's writes
// with its completion, backs off on failure and dead-letters after QUEUE.maxAttempts. Effects are injected.
import { ProblemError, saidOf } from '../model/problem';
import type { Conversation, Job, Memory, Usage } from '../model/records';
import type { Settings } from '../model/settings';
import type { Provider } from '../providers/types';
import { onStoreChange } from '../store/changes';
import { getConversation, turnsOf } from '../store/conversations';
import type { Lease } from '../store/generation';
import {
  claimNextJob,
  coveredOrder,
  enqueueExtraction,
  enqueueRange,
  failLeasedJob,
  markWaiting,
  nextWake,
  updateJob,
} from '../store/jobs';
import { commitJob, liveMemories } from '../store/pipeline';
import { recordLeasedUsage } from '../store/usage';
import { countTokens } from '../tokens';
import { planJobRequests, runPlannedJob, type JobDeps } from './job';
import { guardInput, tokenHold } from './limits';
import { holdJob } from '../store/limits';
import type { Cost } from './split';
import { redact } from './redact';
import { routeJob, sampleOf } from './route';

export const QUEUE = {
  /** Longer than a slow model call (timeout 60 s, retries), shorter than a user's patience. */
  leaseMs: 5 * 60_000,
  maxAttempts: 5,
  backoffMs: 60_000,
};

export interface QueueEnv {
  /** This service-worker instance. */
  owner: string;
  provider: () => Promise<Provider | null>;
  /** The provider for what the chosen one does not read (#35: another language); none: such jobs wait. */
  fallback?: () => Promise<Provider | null>;
  settings: () => Promise<Settings>;
  countTokens: (text: string) => Promise<number>;
  /** Tokens of prompt text, for fitting requests to the model (#12); o200k (lib/tokens.ts) by default. */
  promptTokens?: Cost;
  /** Sets the wake-up alarm; null clears it. */
  wakeAt: (iso: string | null) => Promise<void>;
  now?: () => Date;
}

/** Runs in flight in this worker, so a delete can stop the model call of a job it cancels (#12). */
const inFlight = new Map<string, { conversationKey: string; stop: AbortController }>();

const noFallback = async () => null;

/** A delete stops the model call of every running job that was reading what it deleted; returns the stop. */
export function cancelRunsOnDelete(): () => void {
  return onStoreChange((change) => {
    if (change.kind !== 'cleared' && change.kind !== 'conversationsDeleted') return;
    for (const run of inFlight.values())
      if (change.kind === 'cleared' || change.keys.includes(run.conversationKey))
        run.stop.abort(new ProblemError({ code: 'cancelled' }));
  });
}

/** What a job covers: a retried dead letter exactly its own turns; any other job what is new since the last. */
async function rangeOf(job: Job): Promise<{ fromOrder: number; upTo?: number }> {
  if (job.toOrder !== undefined) return { fromOrder: job.fromOrder, upTo: job.toOrder };
  // A job queued while an earlier one was running starts after what that one covered.
  return { fromOrder: Math.max(job.fromOrder, (await coveredOrder(job.conversationKey)) + 1) };
}

/** A job that read fewer turns than it had (the per-job cap, #12): the rest is queued, due now. */
async function followUp(job: Job, toOrder: number, upTo: number | undefined, last: number, now: Date) {
  if (upTo !== undefined && toOrder < upTo) await enqueueRange(job.conversationKey, toOrder + 1, upTo, now);
  if (upTo === undefined && toOrder < last) await enqueueExtraction(job.conversationKey, now, now);
}

async function load(
  lease: Lease,
  conversation: Conversation,
  provider: Provider,
  stop: AbortSignal,
  env: QueueEnv,
  now: () => Date,
) {
  const job = lease.job;
  const [turns, memories, settings, range] = await Promise.all([
    turnsOf(job.conversationKey),
    liveMemories(),
    env.settings(),
    rangeOf(job),
  ]);
  // The call must not outlive the lease, or a reclaimed job could run twice; a delete stops it at once.
  const signal = AbortSignal.any([AbortSignal.timeout(QUEUE.leaseMs - 30_000), stop]);
  const deps: JobDeps = {
    provider,
    settings,
    now,
    conversation,
    turns,
    memories,
    recordUsage: (rows: Usage[]) => recordLeasedUsage(lease, rows),
    signal,
    promptTokens: env.promptTokens ?? countTokens,
    countTokens: env.countTokens,
    guardInput: (targets: Memory[]) => guardInput(targets, settings, now()),
  };
  return { deps, range, signal };
}

interface Track {
  /** The last turn order the job tried: a dead letter names what it gave up on (#12). */
  attempted?: number;
  /** Ends the job's provider session (#35), whatever happens. */
  close: () => void;
}

/** A job whose conversation is there: the daily cap, the route, the plan, the run and the commit. */
async function runLoaded(
  lease: Lease,
  conversation: Conversation,
  provider: Provider,
  env: QueueEnv,
  stop: AbortSignal,
  track: Track,
) {
  const job = lease.job;
  const now = env.now ?? (() => new Date());
  const { deps, range, signal } = await load(lease, conversation, provider, stop, env, now);
  // Past the daily token cap (Settings → Limits) nothing more is spent today; the job waits, unharmed (#11).
  const hold = await tokenHold(deps.settings, now());
  if (hold) return holdJob(job, hold.until, hold.why, now());
  const sample = sampleOf(deps.turns, range.fromOrder);
  const route = await routeJob(provider, env.fallback ?? noFallback, sample, signal);
  if ('wait' in route) return holdJob(job, new Date(now().getTime() + route.retryInMs), route.wait, now());
  track.close = route.close;
  deps.provider = route.provider;
  const fresh = { ...job, fromOrder: range.fromOrder };
  const planned = await planJobRequests(fresh, deps, range.upTo);
  track.attempted = planned.toOrder;
  const result = await runPlannedJob(fresh, deps, planned);
  // A cancelled or re-leased job wrote nothing and queues nothing more (#12).
  if ((await commitJob(lease, result.writes, result.toOrder, now())) !== 'committed') return;
  if (result.note) await updateJob(job.id, { lastError: result.note });
  const last = Math.max(-1, ...deps.turns.filter((t) => !t.superseded).map((t) => t.order));
  await followUp(job, result.toOrder, range.upTo, last, now());
}

async function process(lease: Lease, provider: Provider, env: QueueEnv, now: () => Date): Promise<void> {
  const job = lease.job;
  const stop = new AbortController();
  inFlight.set(job.id, { conversationKey: job.conversationKey, stop });
  const track: Track = { close: () => undefined };
  try {
    const conversation = await getConversation(job.conversationKey);
    if (!conversation) await commitJob(lease, [], job.fromOrder - 1, now());
    else await runLoaded(lease, conversation, provider, { ...env, now }, stop.signal, track);
  } catch (e) {
    // Provider errors may echo part of a key or of the conversation: redact before it is stored or shown.
    const said = saidOf(e, (text) => redact(text).text);
    await failLeasedJob(lease, said, QUEUE.maxAttempts, QUEUE.backoffMs, now(), track.attempted);
  } finally {
    track.close();
    inFlight.delete(job.id);
  }
}

/** Runs every due job; returns how many ran. Without a provider, jobs wait and nothing is lost. */
export async function runDueJobs(env: QueueEnv): Promise<number> {
  const now = env.now ?? (() => new Date());
  const provider = await env.provider();
  if (!provider) {
    await markWaiting({ code: 'no-model' }, now());
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
