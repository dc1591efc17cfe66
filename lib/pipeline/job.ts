// One extraction job, end to end: new turns -> redaction -> extraction (one call per part that fits the model,
// #12) -> gate -> dedupe -> consolidation -> one atomic commit (#4). Effects come in through `deps`, so tests
// drive it with a scripted provider.
import type { z } from 'zod/mini';
import { consolidationPrompt, extractionPrompt } from '../../prompts/registry';
import type { RenderedPrompt } from '../../prompts/types';
import type { Problem } from '../model/problem';
import type { Conversation, Job, Memory, Turn, Usage } from '../model/records';
import type { Settings } from '../model/settings';
import type { CallUsage, Provider } from '../providers/types';
import { budgetFor } from './budget';
import { consolidate } from './consolidate';
import { mergeFacts, planExtraction, type ExtractionPlan } from './extract';
import { gateItems } from './gate';
import { guard, type GuardInput } from './guard';
import type { PlanTurn } from './plan';
import { redactText } from './redact';
import type { Cost } from './split';
import { toWrites } from './writes';
import type { MemoryWrite } from '../store/commit-check';

export { CONTEXT_TURNS, TURN_LOOKUP } from './extract';
export { FACT_LOOKUP } from './consolidate';

export interface JobDeps {
  provider: Provider;
  settings: Settings;
  now: () => Date;
  conversation: Conversation;
  turns: Turn[];
  memories: Memory[];
  /** Tokens of a stored memory's text (written with it). */
  countTokens: (text: string) => Promise<number>;
  /** o200k tokens of prompt text, for fitting requests to the model (#12). */
  promptTokens: Cost;
  recordUsage: (rows: Usage[]) => Promise<void>;
  /** The guard's view of the store for these update/delete targets (limits.ts guardInput). */
  guardInput: (targets: Memory[]) => Promise<GuardInput>;
  signal?: AbortSignal;
}

export interface JobResult {
  writes: MemoryWrite[];
  toOrder: number;
  rejected: number;
  /** Something the person should know about a job that succeeded (a turn only partly read). */
  note: Problem | null;
}

export interface PlannedJob extends ExtractionPlan {
  /** The last turn order this job covers: later turns are the next job's. */
  toOrder: number;
}

function usageRows(usage: CallUsage[], job: Job, now: Date): Usage[] {
  const at = now.toISOString();
  return usage.map((u) => ({ id: crypto.randomUUID(), at, day: at.slice(0, 10), ...u, jobId: job.id }));
}

async function call<T>(
  deps: JobDeps,
  job: Job,
  prompt: RenderedPrompt,
  schema: z.ZodMiniType<T>,
  name: string,
) {
  try {
    const out = await deps.provider.complete({ ...prompt, schema, schemaName: name, signal: deps.signal });
    await deps.recordUsage(usageRows(out.usage, job, deps.now()));
    return out.data;
  } catch (e) {
    // A failed parse still cost tokens; record them before the job fails.
    const usage = (e as { usage?: CallUsage[] }).usage;
    if (usage) await deps.recordUsage(usageRows(usage, job, deps.now()));
    throw e;
  }
}

export function promptVersion(settings: Settings): string {
  const e = extractionPrompt(settings.prompts.extraction).version;
  const c = consolidationPrompt(settings.prompts.consolidation).version;
  return `extraction/${e}+consolidation/${c}`;
}

const planTurn = (t: Turn, redactOn: boolean): PlanTurn => ({
  id: t.id,
  order: t.order,
  role: t.role,
  at: t.createdAt ?? t.capturedAt,
  text: redactText(t.text, redactOn),
});

/**
 * What the job will send, before anything is sent: turns from `job.fromOrder` (up to `upTo` for a retried
 * job, #12), cut into parts that fit the provider's budget. Nothing to extract: no parts.
 */
export async function planJobRequests(job: Job, deps: JobDeps, upTo?: number): Promise<PlannedJob> {
  const visible = deps.turns.filter((t) => !t.superseded && (upTo === undefined || t.order <= upTo));
  const freshTurns = visible.filter((t) => t.order >= job.fromOrder);
  const toOrder = Math.max(job.fromOrder - 1, ...visible.map((t) => t.order));
  if (!freshTurns.some((t) => t.role === 'user'))
    return { plan: { parts: [], toOrder, cut: null }, requests: [], toOrder };
  const redactOn = deps.settings.privacy.redact;
  const before = visible.filter((t) => t.order < job.fromOrder).map((t) => planTurn(t, redactOn));
  const fresh = freshTurns.map((t) => planTurn(t, redactOn));
  const inputs = { settings: deps.settings, memories: deps.memories, count: deps.promptTokens };
  const planned = await planExtraction(before, fresh, inputs, budgetFor(deps.provider.limits));
  return { ...planned, toOrder: planned.plan.toOrder };
}

function noteOf(planned: PlannedJob): Problem | null {
  const cut = planned.plan.cut;
  if (!cut) return null;
  return { code: 'turn-cut', turn: cut.order + 1, read: cut.readTokens, total: cut.totalTokens };
}

/** One extraction call per planned part; the facts of all parts merged, repeats dropped. */
async function extractParts(job: Job, deps: JobDeps, planned: PlannedJob) {
  const schema = extractionPrompt(deps.settings.prompts.extraction).output;
  const perPart = [];
  let rejected = 0;
  for (const req of planned.requests) {
    const out = await call(deps, job, req, schema, 'memories');
    const gated = gateItems(out.memories, req.fresh, deps.settings.privacy.redact);
    perPart.push(gated.facts);
    rejected += gated.rejected.length;
  }
  const merged = mergeFacts(perPart);
  return { facts: merged.facts, rejected: rejected + merged.rejected.length };
}

/** Runs a planned job and returns its writes; the caller commits them with the job (store/pipeline.ts). */
export async function runPlannedJob(job: Job, deps: JobDeps, planned: PlannedJob): Promise<JobResult> {
  const { facts, rejected } = await extractParts(job, deps, planned);
  const opsSchema = consolidationPrompt(deps.settings.prompts.consolidation).output;
  const inputs = {
    settings: deps.settings,
    memories: deps.memories,
    count: deps.promptTokens,
    requestTokens: budgetFor(deps.provider.limits).requestTokens,
  };
  const decisions = await consolidate(facts, inputs, async (prompt) => {
    return (await call(deps, job, prompt, opsSchema, 'operations')).operations;
  });
  const targets = decisions.flatMap((d) => ('target' in d ? [d.target] : []));
  const { decisions: held } = guard(decisions, await deps.guardInput(targets));
  const writes = await toWrites(held, {
    jobId: job.id,
    promptVersion: promptVersion(deps.settings),
    model: `${deps.provider.id}:${deps.provider.model}`,
    now: deps.now(),
    source: {
      site: deps.conversation.site,
      conversationId: deps.conversation.id,
      url: deps.conversation.url,
    },
    scope: deps.conversation.scope ?? 'global',
    redact: deps.settings.privacy.redact,
    countTokens: deps.countTokens,
  });
  return { writes, toOrder: planned.toOrder, rejected, note: noteOf(planned) };
}
