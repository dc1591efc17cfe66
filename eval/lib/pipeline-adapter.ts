// The real ExtractionAdapter (#7): each case runs through lib/pipeline (prompt rendering, provider, parsing,
// write gate, consolidation) against a fresh fake-indexeddb store. The caller imports 'fake-indexeddb/auto'.
import type { Conversation, Memory, MemoryEvent, Turn } from '../../lib/model/records';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/model/settings';
import { runDueJobs } from '../../lib/pipeline/queue';
import type { Provider } from '../../lib/providers/types';
import { saveCapture } from '../../lib/store/conversations';
import { db, deleteDb } from '../../lib/store/db';
import { enqueueExtraction } from '../../lib/store/jobs';
import { writeMemory } from '../../lib/store/memories';
import { existingIndex, type ExtractionAdapter } from './adapter';
import type { EvalCase, Operation } from './case';
import type { PromptSet } from './args';
import type { StoreMemory } from './score';

const SEEDED_AT = '2025-01-01T00:00:00.000Z';

function seedRow(c: EvalCase, i: number): Memory {
  const m = c.existing[i]!;
  const at = m.mentionedAt ?? SEEDED_AT;
  return {
    ...{ id: `e${i}`, text: m.text, type: m.type, priority: 50, confidence: 1, attributedTo: 'user' },
    ...{ occurredStart: null, occurredEnd: null, mentionedAt: at, createdAt: at, updatedAt: at, sources: [] },
    ...{
      proofCount: 1,
      scope: 'global',
      status: 'active',
      pinned: false,
      tokenCount: Math.ceil(m.text.length / 4),
    },
  };
}

async function seed(c: EvalCase): Promise<void> {
  for (const [i] of c.existing.entries()) {
    const m = seedRow(c, i);
    const ev: MemoryEvent = {
      ...{ id: `seed-${i}`, memoryId: m.id, op: 'add', before: null, after: m, reason: 'eval seed' },
      // Stored by an earlier extraction: a memory typed by the person would only change through Review (#11).
      ...{ actor: 'extractor', jobId: null, promptVersion: null, model: null, at: m.createdAt },
    };
    await writeMemory(m, ev);
  }
}

function conversation(id: string, at: string): Conversation {
  return {
    ...{ key: `chatgpt:${id}`, site: 'chatgpt', id, url: `https://chatgpt.com/c/${id}`, title: 'eval' },
    ...{ scope: null, createdAt: null, updatedAt: at },
    health: { strategy: 'page', turnsSeen: 0, turnsStored: 0, lastError: null, checkedAt: at },
  };
}

/** Feeds the case's messages as one conversation and runs every due job; returns the job ids. */
async function feed(c: EvalCase, convId: string, provider: Provider, settings: Settings): Promise<void> {
  const last = c.messages.at(-1)?.at ?? SEEDED_AT;
  const conv = conversation(convId, last);
  const turns: Turn[] = c.messages.map((m, i) => ({
    ...{ key: `${conv.key}:t${i}`, conversationKey: conv.key, id: `t${i}`, role: m.role, text: m.text },
    ...{ createdAt: m.at, order: i, superseded: false, capturedAt: last },
  }));
  await saveCapture({ conversation: conv, turns }, true);
  const now = new Date(last);
  await enqueueExtraction(conv.key, now, now);
  const env = {
    owner: 'eval',
    provider: async () => provider,
    settings: async () => settings,
    countTokens: async (t: string) => Math.ceil(t.length / 4),
    wakeAt: async () => undefined,
    now: () => now,
  };
  await runDueJobs(env);
  const failed = (await db().jobs.toArray()).find((j) => j.lastError);
  if (failed) throw new Error(`case ${c.id}: job failed: ${failed.lastError}`);
}

async function snapshot(): Promise<StoreMemory[]> {
  const rows = await db().memories.toArray();
  // New memories have random UUIDs: order by seed id, then time and text, so replays list them identically.
  const key = (m: Memory) => (existingIndex(m.id) === null ? `1${m.createdAt}${m.text}` : `0${m.id}`);
  return rows
    .sort((a, b) => key(a).localeCompare(key(b)))
    .map((m) => ({ id: m.id, text: m.text, type: m.type, status: m.status }));
}

/** One Operation per event the first run wrote: a contradiction is a DELETE plus its replacement ADD, as the cases expect. */
export function operationsOf(events: MemoryEvent[]): Operation[] {
  const out: Operation[] = [];
  for (const e of events) {
    const target = e.op === 'add' ? null : existingIndex(e.memoryId);
    if (e.op === 'add') out.push({ op: 'ADD', target: null });
    else if (e.op === 'update') out.push({ op: 'UPDATE', target });
    else if (e.op === 'delete') out.push({ op: 'DELETE', target });
    else if (e.op === 'confirm') out.push({ op: 'NONE', target });
  }
  return out;
}

export function settingsFor(set: PromptSet): Settings {
  const prompts = { ...DEFAULT_SETTINGS.prompts, ...set.prompts };
  return { ...DEFAULT_SETTINGS, prompts, privacy: { ...DEFAULT_SETTINGS.privacy, reviewMode: false } };
}

/** `providerFor(c)` gives the provider for one case (the scripted one answers from the case itself). */
export function pipelineAdapter(
  label: string,
  set: PromptSet,
  providerFor: (c: EvalCase) => Provider,
): ExtractionAdapter {
  const settings = settingsFor(set);
  return {
    label,
    async runCase(c) {
      await deleteDb();
      await seed(c);
      const before = await snapshot();
      const provider = providerFor(c);
      await feed(c, `${c.id}-1`, provider, settings);
      const after = await snapshot();
      const firstJob = (await db().memoryEvents.toArray()).filter((e) => e.jobId !== null);
      // The rerun is a second conversation with the same messages: the pipeline must recognise what it stored.
      await feed(c, `${c.id}-2`, provider, settings);
      const rerun = await snapshot();
      const consolidation = c.tags.includes('consolidation');
      return {
        caseId: c.id,
        before,
        after,
        rerun,
        operations: consolidation ? operationsOf(firstJob) : null,
      };
    },
  };
}
