// One extraction job, end to end: new turns -> redaction -> extraction -> gate -> dedupe -> consolidation ->
// one atomic commit (#4). Effects come in through `deps`, so tests drive it with a scripted provider.
import { consolidationPrompt, extractionPrompt } from '../../prompts/registry';
import type { PromptTurn } from '../../prompts/render';
import type { Conversation, Job, Memory, Turn, Usage } from '../model/records';
import type { Settings } from '../model/settings';
import type { CallUsage, Provider } from '../providers/types';
import { decide, type Decision } from './decide';
import { findDuplicate, gateItems, type Fact, type LabelledTurn } from './gate';
import { guard, type GuardInput } from './guard';
import { lookupCandidates } from './lookup';
import { redactText } from './redact';
import { toWrites } from './writes';
import type { MemoryWrite } from '../store/pipeline';

/** Earlier turns shown as "context — do not extract" (#4). */
export const CONTEXT_TURNS = 4;
/**
 * Candidate lookups. Consolidation: per new fact, unioned, capped at about 30 (#4). Extraction sees fewer,
 * per user turn: it only needs to know what not to re-emit. Shares tuned with bench:tokens (LoCoMo).
 */
export const FACT_LOOKUP = { perQuery: 3, cap: 30, minShare: 0.1 };
export const TURN_LOOKUP = { perQuery: 2, cap: 10, minShare: 0.15 };

export interface JobDeps {
  provider: Provider;
  settings: Settings;
  now: () => Date;
  conversation: Conversation;
  turns: Turn[];
  memories: Memory[];
  countTokens: (text: string) => Promise<number>;
  recordUsage: (rows: Usage[]) => Promise<void>;
  /** The guard's view of the store for these update/delete targets (limits.ts guardInput). */
  guardInput: (targets: Memory[]) => Promise<GuardInput>;
  signal?: AbortSignal;
}

export interface JobResult {
  writes: MemoryWrite[];
  toOrder: number;
  rejected: number;
}

function label(turns: Turn[], from: number): (LabelledTurn & { text: string })[] {
  return turns.map((t, i) => ({
    label: from + i,
    id: t.id,
    role: t.role,
    at: t.createdAt ?? t.capturedAt,
    text: t.text,
  }));
}

const asPrompt = (t: LabelledTurn & { text: string }, redactOn: boolean): PromptTurn => ({
  label: t.label,
  role: t.role,
  at: t.at,
  text: redactText(t.text, redactOn),
});

function usageRows(usage: CallUsage[], job: Job, now: Date): Usage[] {
  const at = now.toISOString();
  return usage.map((u) => ({ id: crypto.randomUUID(), at, day: at.slice(0, 10), ...u, jobId: job.id }));
}

async function call<T>(deps: JobDeps, job: Job, run: () => Promise<{ data: T; usage: CallUsage[] }>) {
  try {
    const out = await run();
    await deps.recordUsage(usageRows(out.usage, job, deps.now()));
    return out.data;
  } catch (e) {
    // A failed parse still cost tokens; record them before the job fails.
    const usage = (e as { usage?: CallUsage[] }).usage;
    if (usage) await deps.recordUsage(usageRows(usage, job, deps.now()));
    throw e;
  }
}

async function extract(
  job: Job,
  deps: JobDeps,
  fresh: LabelledTurn[],
  context: PromptTurn[],
  prompts: PromptTurn[],
) {
  const redactOn = deps.settings.privacy.redact;
  // Context turns count too: "born there" needs the memory about where "there" is.
  const queries = [...context, ...prompts].filter((t) => t.role === 'user').map((t) => t.text);
  const existing = lookupCandidates(queries, deps.memories, TURN_LOOKUP);
  const prompt = extractionPrompt(deps.settings.prompts.extraction);
  const rendered = prompt.render({
    turns: prompts,
    context,
    // Stored memories go out redacted too: one typed by hand was never through the gate (#11).
    existing: existing.map((m, i) => ({ label: i + 1, text: redactText(m.text, redactOn), type: m.type })),
  });
  const req = { ...rendered, schema: prompt.output, schemaName: 'memories', signal: deps.signal };
  const out = await call(deps, job, () => deps.provider.complete(req));
  return gateItems(out.memories, fresh, redactOn);
}

function dedupe(facts: Fact[], memories: Memory[]): { decisions: Decision[]; open: Fact[] } {
  const decisions: Decision[] = [];
  const open: Fact[] = [];
  for (const fact of facts) {
    const target = findDuplicate(fact.text, memories);
    if (target)
      decisions.push({ kind: 'confirm', fact, target, reason: 'Said again: duplicate of a stored memory' });
    else open.push(fact);
  }
  return { decisions, open };
}

async function consolidate(job: Job, deps: JobDeps, facts: Fact[]): Promise<Decision[]> {
  const { decisions, open } = dedupe(facts, deps.memories);
  // A fact with no relevant stored memory is simply new: no call needed for it.
  const related = open.filter((f) => lookupCandidates([f.text], deps.memories, FACT_LOOKUP).length > 0);
  for (const fact of open.filter((f) => !related.includes(f)))
    decisions.push({ kind: 'add', fact, text: fact.text, reason: 'New: nothing related is stored' });
  if (related.length === 0) return decisions;
  const candidates = lookupCandidates(
    related.map((f) => f.text),
    deps.memories,
    FACT_LOOKUP,
  );
  const prompt = consolidationPrompt(deps.settings.prompts.consolidation);
  const rendered = prompt.render({
    facts: related.map((f) => ({ label: f.label, text: f.text, type: f.type, mentionedAt: f.mentionedAt })),
    candidates: candidates.map((m, i) => ({
      label: i + 1,
      text: redactText(m.text, deps.settings.privacy.redact),
      type: m.type,
    })),
  });
  const req = { ...rendered, schema: prompt.output, schemaName: 'operations', signal: deps.signal };
  const out = await call(deps, job, () => deps.provider.complete(req));
  return [...decisions, ...decide(related, candidates, out.operations)];
}

export function promptVersion(settings: Settings): string {
  const e = extractionPrompt(settings.prompts.extraction).version;
  const c = consolidationPrompt(settings.prompts.consolidation).version;
  return `extraction/${e}+consolidation/${c}`;
}

/** Runs one job and returns its writes; the caller commits them with the job (store/pipeline.ts commitJob). */
export async function runJob(job: Job, deps: JobDeps): Promise<JobResult> {
  const visible = deps.turns.filter((t) => !t.superseded);
  const toOrder = Math.max(job.fromOrder - 1, ...visible.map((t) => t.order));
  const freshTurns = visible.filter((t) => t.order >= job.fromOrder);
  if (!freshTurns.some((t) => t.role === 'user')) return { writes: [], toOrder, rejected: 0 };
  const before = visible.filter((t) => t.order < job.fromOrder).slice(-CONTEXT_TURNS);
  const redactOn = deps.settings.privacy.redact;
  const context = label(before, 1).map((t) => asPrompt(t, redactOn));
  const fresh = label(freshTurns, before.length + 1);
  const prompts = fresh.map((t) => asPrompt(t, redactOn));
  const { facts, rejected } = await extract(job, deps, fresh, context, prompts);
  const decisions = await consolidate(job, deps, facts);
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
    redact: redactOn,
    countTokens: deps.countTokens,
  });
  return { writes, toOrder, rejected: rejected.length };
}
