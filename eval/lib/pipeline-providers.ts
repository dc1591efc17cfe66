// Providers for eval:extract (#7): the scripted one answers each case with its expected memories in the
// extraction prompt's output format, and with the case's operations in the consolidation format; real
// providers are wrapped so that --record/--replay see the exact request (prompt text, model, schema name).
import type { z } from 'zod/mini';
import { makeProvider } from '../../lib/providers/structured';
import type { Provider, RawRequest } from '../../lib/providers/types';
import { ConsolidationOutput, ExtractionOutput } from '../../prompts/schemas';
import type { EvalCase } from './case';
import type { ProviderCall } from './provider';

const LINE = /^([MF])(\d+) \([^)]*\) (".*")$/;

function labelled(user: string, prefix: 'M' | 'F'): { label: number; text: string }[] {
  return user.split('\n').flatMap((line) => {
    const m = LINE.exec(line);
    return m && m[1] === prefix ? [{ label: Number(m[2]), text: JSON.parse(m[3]!) as string }] : [];
  });
}

export type Tamper = (c: EvalCase, memories: EvalCase['expected']) => EvalCase['expected'];

function extractionReply(c: EvalCase, user: string, tamper: Tamper): string {
  const first = /^\[(\d+)\] user/m.exec(user.split('=== NEW TURNS')[1] ?? user);
  const source = first ? [Number(first[1])] : [];
  // A restatement case expects nothing new: the model says the stored fact again and consolidation keeps it.
  const restated = (c.operations ?? []).flatMap((o) =>
    o.op === 'NONE' && o.target !== null && c.expected.length === 0 ? [c.existing[o.target]!] : [],
  );
  const memories = [...tamper(c, c.expected), ...restated].map((m) => ({
    ...{ text: m.text, type: m.type, priority: 50, confidence: 0.9, attributedTo: 'user' },
    ...{ occurredStart: null, occurredEnd: null, sourceTurns: source },
  }));
  return JSON.stringify({ memories });
}

/** A fact gets the expected operation at its position in `expected`; targets map to candidate labels by text. */
function consolidationReply(c: EvalCase, user: string): string {
  const candidates = labelled(user, 'M');
  const operations = labelled(user, 'F').map((f) => {
    const i = c.expected.findIndex((e) => e.text === f.text);
    const op = (i >= 0 ? c.operations?.[i] : undefined) ?? { op: 'ADD' as const, target: null };
    const targetText = op.target === null ? undefined : c.existing[op.target]?.text;
    const target = candidates.find((m) => m.text === targetText)?.label ?? null;
    if (op.op !== 'ADD' && target === null)
      return { fact: f.label, op: 'ADD', target: null, text: f.text, reason: 'new' };
    const text = op.op === 'ADD' || op.op === 'UPDATE' ? f.text : null;
    return { fact: f.label, op: op.op, target: op.op === 'ADD' ? null : target, text, reason: 'scripted' };
  });
  return JSON.stringify({ operations });
}

const schemaOf = (name: string | undefined) =>
  name === 'operations' ? ConsolidationOutput : ExtractionOutput;

const userOf = (req: RawRequest) => req.messages.map((m) => m.content).join('\n');

export function scriptedCaseProvider(c: EvalCase, tamper: Tamper = (_c, m) => m): Provider {
  return makeProvider('scripted', 'scripted-1', async (req) => {
    const user = userOf(req);
    const text =
      req.schemaName === 'operations' ? consolidationReply(c, user) : extractionReply(c, user, tamper);
    return { text, promptTokens: Math.ceil(user.length / 4), completionTokens: Math.ceil(text.length / 4) };
  });
}

/**
 * Routes a real provider through a ProviderCall, so withRecording keys each reply by { system, user,
 * schemaName, model } and a replay needs no key. The reply text is the validated JSON the provider returned.
 */
export function recordedProvider(
  inner: Provider | null,
  model: string,
  wrap: (c: ProviderCall) => ProviderCall,
): Provider {
  const call = wrap(async (req) => {
    if (!inner) throw new Error('replay only: no provider to call');
    const out = await inner.complete({
      system: req.system,
      user: req.user,
      schema: schemaOf(req.schemaName) as z.ZodMiniType<unknown>,
      schemaName: req.schemaName ?? '',
    });
    const usage = out.usage.reduce(
      (u, x) => ({
        promptTokens: u.promptTokens + x.promptTokens,
        completionTokens: u.completionTokens + x.completionTokens,
        costUsd: (u.costUsd ?? 0) + (x.costUsd ?? 0),
      }),
      { promptTokens: 0, completionTokens: 0, costUsd: 0 as number | null },
    );
    return { text: JSON.stringify(out.data), usage };
  });
  return makeProvider(inner?.id ?? 'replay', model, async (req) => {
    const reply = await call({ system: req.system, user: userOf(req), schemaName: req.schemaName, model });
    return {
      text: reply.text,
      promptTokens: reply.usage?.promptTokens ?? 0,
      completionTokens: reply.usage?.completionTokens ?? 0,
    };
  });
}
