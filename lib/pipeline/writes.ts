// Decisions become memory records and the MemoryEvents that explain them (#4): every change records job,
// prompt version, model and reason. A held decision (guard.ts: review mode, a memory the person owns, a job
// over its caps) becomes a `pending` proposal: a new memory, or a change or deletion of an existing one
// that lib/background/memories/review-decisions.ts applies only when the person approves it (#11).
import { memoryEvent } from '../model/memory-event';
import { newMemory } from '../model/new-memory';
import type { Memory, MemoryEvent, MemoryOp, MemorySource } from '../model/records';
import type { MemoryWrite } from '../store/commit-check';
import type { Fact } from './gate';
import type { Held } from './guard';
import { redactText } from './redact';

export interface WriteContext {
  jobId: string;
  promptVersion: string;
  model: string;
  now: Date;
  source: Omit<MemorySource, 'turnIds'>;
  /**
   * The conversation's scope (#34 item 4): "global", or the project its chat is in. What a project chat says
   * stays in its project: its new memories carry the scope, and a change it makes to a memory of another scope
   * becomes a new memory of its own scope instead, so no project's words reach a global memory.
   */
  scope: string;
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
): MemoryEvent {
  // Deterministic per job: a rerun of the same job writes the same ids, never a second set.
  const change = { id: `${ctx.jobId}:${n}`, op, before, after, reason, at: ctx.now.toISOString() };
  const by = {
    actor: 'extractor',
    jobId: ctx.jobId,
    promptVersion: ctx.promptVersion,
    model: ctx.model,
  } as const;
  return memoryEvent(change, by);
}

const later = (a: string, b: string) => (a > b ? a : b);

function withSource(sources: MemorySource[], fact: Fact, ctx: WriteContext): MemorySource[] {
  return [...sources, { ...ctx.source, turnIds: fact.turnIds }];
}

async function created(fact: Fact, text: string, ctx: WriteContext, pending: boolean): Promise<Memory> {
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
      scope: ctx.scope,
      status: pending ? 'pending' : 'active',
      tokenCount: await ctx.countTokens(text),
    },
    ctx.now.toISOString(),
  );
}

const SCOPED = 'the memory it would change is not kept to it';

type Draft = { op: MemoryOp; before: Memory | null; after: Memory; reason: string };

const held = (d: Held) => (d.hold ? ` (waits for review: ${d.hold})` : '');

/** A pending copy that stands for a change to `t`; its event's `before` names the memory it would change. */
async function proposal(t: Memory, text: string, d: Held, ctx: WriteContext): Promise<Memory> {
  const at = ctx.now.toISOString();
  const base = { ...t, id: crypto.randomUUID(), status: 'pending' as const, createdAt: at, updatedAt: at };
  if (text === t.text) return base;
  return {
    ...base,
    text,
    tokenCount: await ctx.countTokens(text),
    sources: withSource(t.sources, d.fact, ctx),
  };
}

async function updated(d: Extract<Held, { kind: 'update' }>, ctx: WriteContext): Promise<Draft> {
  const t = d.target;
  if (!d.hold && ctx.scope !== 'global' && t.scope !== ctx.scope) {
    // Never a standing rule this way: a new one waits in Review (guard.ts), and this skips the guard's add path.
    const fact = { ...d.fact, type: t.type, priority: Math.max(0, d.fact.priority) };
    const after = await created(fact, d.text, ctx, false);
    return { op: 'add', before: null, after, reason: `${d.reason} (kept to this chat's project: ${SCOPED})` };
  }
  // A pending target has not been approved yet: changing it in place still leaves the decision to the person.
  if (d.hold && t.status !== 'pending') {
    const after = await proposal(t, d.text, d, ctx);
    return { op: 'update', before: t, after, reason: `${d.reason}${held(d)}` };
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

async function drafts(d: Held, ctx: WriteContext): Promise<Draft[]> {
  const at = ctx.now.toISOString();
  if (d.kind === 'skip') return [];
  if (d.kind === 'add')
    return [
      {
        op: 'add',
        before: null,
        after: await created(d.fact, d.text, ctx, d.hold !== null),
        reason: `${d.reason}${held(d)}`,
      },
    ];
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
  return deleted(d, ctx);
}

/** DELETE: the contradicting fact itself is new information and is kept; the old memory is soft-deleted. */
async function deleted(d: Extract<Held, { kind: 'delete' }>, ctx: WriteContext): Promise<Draft[]> {
  const t = d.target;
  const added = await created(d.fact, d.fact.text, ctx, d.hold !== null);
  const reason = `${d.reason}${held(d)}`;
  const out: Draft[] = [
    { op: 'add', before: null, after: added, reason: `Replaces a contradicted memory: ${reason}` },
  ];
  if (!d.hold)
    out.push({
      op: 'delete',
      before: t,
      after: { ...t, status: 'deleted', updatedAt: ctx.now.toISOString() },
      reason,
    });
  // Held: a proposed deletion for the person (a pending target was never approved: it just stays pending).
  else if (t.status !== 'pending')
    out.push({ op: 'delete', before: t, after: await proposal(t, t.text, d, ctx), reason });
  return out;
}

/** Redacts once more before storing (and before counting tokens), then numbers the events of this job. */
export async function toWrites(decisions: Held[], ctx: WriteContext): Promise<MemoryWrite[]> {
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
