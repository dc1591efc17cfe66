import { EngramExport } from '../model/export';
import type { Conversation } from '../model/records';
import { db } from './db';
import { turnsOf } from './conversations';

/** Reads everything into the documented export format (docs/export-format.md), validated before it leaves. */
export async function readExport(now: Date = new Date()): Promise<EngramExport> {
  const d = db();
  const [conversations, memories, events] = await Promise.all([
    d.conversations.orderBy('key').toArray(),
    d.memories.orderBy('id').toArray(),
    d.memoryEvents.orderBy('at').toArray(),
  ]);
  const byMemory = new Map<string, typeof events>();
  for (const e of events) {
    const list = byMemory.get(e.memoryId);
    if (list) list.push(e);
    else byMemory.set(e.memoryId, [e]);
  }
  const exported = {
    format: 'engram' as const,
    version: 1 as const,
    exportedAt: now.toISOString(),
    conversations: await Promise.all(conversations.map(exportConversation)),
    memories: memories.map((m) => ({ ...m, history: byMemory.get(m.id) ?? [] })),
  };
  return EngramExport.parse(exported);
}

async function exportConversation(c: Conversation) {
  const turns = await turnsOf(c.key);
  return {
    ...{ site: c.site, id: c.id, url: c.url, title: c.title },
    ...{ scope: c.scope, createdAt: c.createdAt, updatedAt: c.updatedAt, health: c.health },
    turns: turns.map((t) => ({
      ...{ id: t.id, role: t.role, text: t.text, createdAt: t.createdAt },
      ...{ order: t.order, superseded: t.superseded, capturedAt: t.capturedAt },
    })),
  };
}

export function exportFileName(now: Date = new Date()): string {
  return `engram-export-${now.toISOString().slice(0, 10)}.json`;
}
