// Decisions become memory records and the MemoryEvents that explain them (#4): every change records job,
// prompt version, model and reason. Review mode turns new and changed memories into `pending` proposals.
import { newMemory } from '../model/new-memory';
import type { Memory, MemoryEvent, MemoryOp, MemorySource } from '../model/records';
import type { MemoryWrite } from '../store/pipeline';
import type { Decision } from './decide';
import type { Fact } from './gate';
import { redactText } from './redact';

export interface WriteContext {
  jobId: string;
  promptVersion: string;
  model: string;
  now: Date;
  source: Omit<MemorySource, 'turnIds'>;
  reviewMode: boolean;
  redact: boolean;
  /** o200k_base tokens of the stored text (lib/tokens.ts), counted once at write time. */
  countTokens: (text: string) => Promise<number>;
}

function event(
  ctx: WriteContext,
  n: number,
  op: MemoryOp,
  before: Memory | null,
  after: Memory,
  reason: string,
) {
  const e: MemoryEvent = {
    // Deterministic per job: a rerun of the same job writes the same ids, never a second set.
    id: `${ctx.jobId}:${n}`,
    memoryId: after.id,
    op,
    before,
    after,
    reason,
    actor: 'extractor',
    jobId: ctx.jobId,
    promptVersion: ctx.promptVersion,
    model: ctx.model,
    at: ctx.now.toISOString(),
  };
  return e;
}

const later = (a: string, b: string) => (a > b ? a : b);

function withSource(sources: MemorySource[], fact: Fact, ctx: WriteContext): MemorySource[] {
  return [...sources, { ...ctx.source, turnIds: fact.turnIds }];
}

async function created(fact: Fact, text: string, ctx: WriteContext): Promise<Memory> {
  const { type, priority, confidence, attributedTo, occurredStart, occurredEnd, mentionedAt } = fact;
  return newMemory(
    {
      text,
      type,
      priority,
      confidence,
      attributedTo,
      occurredStart,
      occurredEnd,
      mentionedAt,
      sources: withSource([], fact, ctx),
      status: ctx.reviewMode ? 'pending' : 'active',
      tokenCount: await ctx.countTokens(text),
    },
    ctx.now.toISOString(),
  );
}

type Draft = { op: MemoryOp; before: Memory | null; after: Memory; reason: string };

async function updated(d: Extract<Decision, { kind: 'update' }>, ctx: WriteContext): Promise<Draft> {
  const t = d.target;
  if (ctx.reviewMode) {
    // A proposal beside the active memory; approving it (#6) replaces the memory named in the reason.
    const proposal = { ...(await created(d.fact, d.text, ctx)), type: t.type, priority: t.priority };
    return { op: 'update', before: t, after: proposal, reason: `${d.reason} (proposed update of ${t.id})` };
  }
  const after: Memory = {
    ...t,
    text: d.text,
    tokenCount: await ctx.countTokens(d.text),
    mentionedAt: later(t.mentionedAt, d.fact.mentionedAt),
    sources: withSource(t.sources, d.fact, ctx),
    updatedAt: ctx.now.toISOString(),
  };
  return { op: 'update', before: t, after, reason: d.reason };
}

async function drafts(d: Decision, ctx: WriteContext): Promise<Draft[]> {
  const at = ctx.now.toISOString();
  if (d.kind === 'skip') return [];
  if (d.kind === 'add')
    return [{ op: 'add', before: null, after: await created(d.fact, d.text, ctx), reason: d.reason }];
  const t = d.target;
  if (d.kind === 'confirm') {
    const after = {
      ...t,
      proofCount: t.proofCount + 1,
      mentionedAt: later(t.mentionedAt, d.fact.mentionedAt),
      sources: withSource(t.sources, d.fact, ctx),
      updatedAt: at,
    };
    return [{ op: 'confirm', before: t, after, reason: d.reason }];
  }
  if (d.kind === 'update') return [await updated(d, ctx)];
  // DELETE: the contradicting fact itself is new information and is kept; the old memory is soft-deleted.
  const added = await created(d.fact, d.fact.text, ctx);
  const out: Draft[] = [
    { op: 'add', before: null, after: added, reason: `Replaces a contradicted memory: ${d.reason}` },
  ];
  if (!ctx.reviewMode)
    out.push({
      op: 'delete',
      before: t,
      after: { ...t, status: 'deleted', updatedAt: at },
      reason: d.reason,
    });
  return out;
}

/** Redacts once more before storing (and before counting tokens), then numbers the events of this job. */
export async function toWrites(decisions: Decision[], ctx: WriteContext): Promise<MemoryWrite[]> {
  const out: MemoryWrite[] = [];
  for (const d of decisions) {
    const clean = 'text' in d ? { ...d, text: redactText(d.text, ctx.redact) } : d;
    for (const draft of await drafts(clean, ctx))
      out.push({
        memory: draft.after,
        event: event(ctx, out.length, draft.op, draft.before, draft.after, draft.reason),
      });
  }
  return out;
}
