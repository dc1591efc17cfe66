import { EngramExport } from '../model/export';
import type { Conversation, Job } from '../model/records';
import { db } from './db';
import { byOccurrence } from './event-order';
import { turnsOf } from './conversations';

type Extraction = NonNullable<EngramExport['conversations'][number]['extraction']>;

/** How far each conversation was extracted: the furthest turn a finished job covered, and when (#12). */
function extractionOf(jobs: Job[]): Map<string, Extraction> {
  const out = new Map<string, Extraction>();
  for (const j of jobs) {
    if (j.status !== 'done' || j.toOrder === undefined || j.toOrder < 0) continue;
    const seen = out.get(j.conversationKey);
    out.set(j.conversationKey, {
      throughOrder: Math.max(seen?.throughOrder ?? -1, j.toOrder),
      at: seen && seen.at > j.updatedAt ? seen.at : j.updatedAt,
    });
  }
  return out;
}

/** Jobs that still matter, as a new worker would see them: a running one waits again, without its lease. */
function openJobs(jobs: Job[]): Job[] {
  return jobs
    .filter((j) => j.status !== 'done')
    .map((j) =>
      j.status === 'running' ? { ...j, status: 'pending' as const, leaseUntil: null, leaseOwner: null } : j,
    );
}

/** Reads everything into the documented export format (docs/export-format.md), validated before it leaves. */
export async function readExport(now: Date = new Date()): Promise<EngramExport> {
  const d = db();
  const [conversations, memories, events, jobs, usage] = await Promise.all([
    d.conversations.orderBy('key').toArray(),
    d.memories.orderBy('id').toArray(),
    d.memoryEvents.orderBy('at').toArray(),
    d.jobs.orderBy('id').toArray(),
    d.usage.orderBy('id').toArray(),
  ]);
  const byMemory = new Map<string, typeof events>();
  for (const e of events) {
    const list = byMemory.get(e.memoryId);
    if (list) list.push(e);
    else byMemory.set(e.memoryId, [e]);
  }
  const extraction = extractionOf(jobs);
  const exported = {
    format: 'engram' as const,
    version: 1 as const,
    exportedAt: now.toISOString(),
    conversations: await Promise.all(conversations.map((c) => exportConversation(c, extraction))),
    memories: memories.map((m) => ({ ...m, history: (byMemory.get(m.id) ?? []).sort(byOccurrence) })),
    jobs: openJobs(jobs),
    usage,
  };
  return EngramExport.parse(exported);
}

async function exportConversation(c: Conversation, extraction: Map<string, Extraction>) {
  const turns = await turnsOf(c.key);
  const progress = extraction.get(c.key);
  return {
    ...{ site: c.site, id: c.id, url: c.url, title: c.title },
    ...{ scope: c.scope, createdAt: c.createdAt, updatedAt: c.updatedAt, health: c.health },
    turns: turns.map((t) => ({
      ...{ id: t.id, role: t.role, text: t.text, createdAt: t.createdAt },
      ...{ order: t.order, superseded: t.superseded, capturedAt: t.capturedAt },
    })),
    ...(progress ? { extraction: progress } : {}),
  };
}

export function exportFileName(now: Date = new Date()): string {
  return `engram-export-${now.toISOString().slice(0, 10)}.json`;
}
