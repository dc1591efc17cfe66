import type { ExportConversation } from '../model/export';
import type { ImportChunk, ImportChunkReply } from '../model/messages';
import { Memory, type CaptureHealth, type Conversation, type Turn } from '../model/records';
import type { CaptureWrite } from '../store/conversations';
import { stripCitations } from '../sites/citations';
import { writeImport } from '../store/import';
import type { z } from 'zod/mini';

type Imported = z.infer<typeof ExportConversation>;

function health(c: Imported, at: string): CaptureHealth {
  return {
    strategy: 'import',
    turnsSeen: c.turns.length,
    turnsStored: c.turns.length,
    lastError: null,
    checkedAt: at,
  };
}

/** Records from an exported conversation; fields a vendor export lacks are filled as a capture would. */
export function toWrite(c: Imported, at: string): CaptureWrite {
  const key = `${c.site}:${c.id}`;
  const conversation: Conversation = {
    key,
    site: c.site,
    id: c.id,
    url: c.url,
    title: c.title,
    scope: c.scope ?? null,
    createdAt: c.createdAt ?? null,
    updatedAt: c.updatedAt ?? at,
    health: c.health ?? health(c, at),
  };
  const turns: Turn[] = c.turns.map((t, i) => ({
    key: `${key}:${t.id}`,
    conversationKey: key,
    id: t.id,
    role: t.role,
    // Every capture (site JSON, page) and import (exports, Engram files) passes here (#12).
    text: stripCitations(t.text),
    createdAt: t.createdAt,
    order: t.order ?? i,
    superseded: t.superseded ?? false,
    capturedAt: t.capturedAt ?? at,
  }));
  return { conversation, turns };
}

export async function handleImportChunk(chunk: ImportChunk, now = new Date()): Promise<ImportChunkReply> {
  const at = now.toISOString();
  // Memory's schema drops the export-only `history`; its events are written beside it.
  const memories = chunk.memories.map((m) => Memory.parse(m));
  const events = chunk.memories.flatMap((m) => m.history);
  const turns = await writeImport({
    exact: chunk.exact,
    conversations: chunk.conversations.map((c) => toWrite(c, at)),
    memories,
    events,
  });
  return { conversations: chunk.conversations.length, turns, memories: memories.length };
}
