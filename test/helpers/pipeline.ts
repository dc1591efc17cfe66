// Runs the whole pipeline (capture store -> queue -> extraction -> gate -> consolidation -> store) with a
// scripted provider, and returns everything a case may assert on.
import { DEFAULT_SETTINGS, type Settings } from '../../lib/model/settings';
import type { Actor, Conversation, Job, Memory, MemoryEvent, Turn, Usage } from '../../lib/model/records';
import { runDueJobs } from '../../lib/pipeline/queue';
import { scriptedProvider, type ScriptStep } from '../../lib/providers/scripted';
import type { RawRequest } from '../../lib/providers/types';
import { saveCapture } from '../../lib/store/conversations';
import { db } from '../../lib/store/db';
import { enqueueExtraction, listJobs } from '../../lib/store/jobs';
import { writeMemory } from '../../lib/store/memories';
import { listUsage } from '../../lib/store/usage';
import { conversation, event, memory } from './records';

export const NOW = new Date('2026-11-29T12:00:00.000Z');

export interface CaseTurn {
  role: 'user' | 'assistant';
  text: string;
  at?: string;
}

export interface Outcome {
  memories: Memory[];
  events: MemoryEvent[];
  requests: RawRequest[];
  jobs: Job[];
  usage: Usage[];
  seeded: Memory[];
}

/** A stored memory to start from; `by: 'user'` makes it one the person typed (the guard protects those). */
export type Seed = string | (Partial<Memory> & { by?: Actor });

/** Existing memories m1, m2 … in the order given, each with its seed event (by the extractor by default). */
export async function seedMemories(texts: Seed[]): Promise<Memory[]> {
  const out: Memory[] = [];
  for (const [i, t] of texts.entries()) {
    const { by = 'extractor', ...over } = typeof t === 'string' ? { text: t } : t;
    const m = memory({ id: `m${i + 1}`, ...over });
    await writeMemory(m, event({ id: `seed-${i + 1}`, memoryId: m.id, after: m, actor: by }));
    out.push(m);
  }
  return out;
}

export async function seedTurns(
  turns: CaseTurn[],
  startOrder = 0,
  over: Partial<Conversation> = {},
): Promise<void> {
  const c = conversation(over);
  const rows: Turn[] = turns.map((t, i) => ({
    key: `${c.key}:t${startOrder + i}`,
    conversationKey: c.key,
    id: `t${startOrder + i}`,
    role: t.role,
    text: t.text,
    createdAt: t.at ?? '2023-05-08T13:56:00.000Z',
    order: startOrder + i,
    superseded: false,
    capturedAt: NOW.toISOString(),
  }));
  // A later batch is appended to what the page showed before, not a new complete view (#3 marks missing turns superseded).
  await saveCapture({ conversation: c, turns: rows }, startOrder === 0);
}

export async function runPipeline(steps: ScriptStep[], settings: Settings = DEFAULT_SETTINGS) {
  const provider = scriptedProvider(steps);
  await enqueueExtraction(conversation().key, NOW, NOW);
  const env = {
    owner: 'test',
    provider: async () => provider,
    settings: async () => settings,
    countTokens: async (t: string) => Math.ceil(t.length / 4),
    promptTokens: async (t: string) => Math.ceil(t.length / 4),
    wakeAt: async () => undefined,
    now: () => NOW,
  };
  await runDueJobs(env);
  return { provider, env };
}

export async function outcome(requests: RawRequest[], seeded: Memory[]): Promise<Outcome> {
  const d = db();
  const events = await d.memoryEvents.orderBy('at').toArray();
  const firstEvent = (id: string) => events.findIndex((e) => e.memoryId === id);
  const memories = await d.memories.toArray();
  return {
    // In the order they were first written: seeds, then this job's events in order.
    memories: memories.sort((a, b) => firstEvent(a.id) - firstEvent(b.id)),
    events,
    requests,
    jobs: await listJobs(),
    usage: await listUsage(),
    seeded,
  };
}

/** Scripted replies in the shapes the prompts ask for. */
export const reply = {
  memories: (...items: Record<string, unknown>[]) =>
    JSON.stringify({
      memories: items.map((m) => ({
        type: 'profile',
        priority: 50,
        confidence: 0.9,
        attributedTo: 'user',
        occurredStart: null,
        occurredEnd: null,
        sourceTurns: [1],
        ...m,
      })),
    }),
  ops: (...ops: Record<string, unknown>[]) =>
    JSON.stringify({
      operations: ops.map((o) => ({ fact: 1, target: null, text: null, reason: 'r', ...o })),
    }),
};
