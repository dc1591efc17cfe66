import type { Conversation, Turn } from '../model/records';
import { db } from './db';

export interface CaptureWrite {
  conversation: Conversation;
  turns: Turn[];
}

/**
 * Upserts a conversation and its visible turns. Idempotent: turns are keyed by site message id (or a stable
 * hash), so re-capturing adds nothing. Returns how many turns were new or changed.
 */
export async function saveCapture({ conversation, turns }: CaptureWrite): Promise<number> {
  const d = db();
  return d.transaction('rw', d.conversations, d.turns, async () => {
    const existing = await d.turns.bulkGet(turns.map((t) => t.key));
    const changed = turns.filter((t, i) => {
      const old = existing[i];
      return !old || old.text !== t.text || old.order !== t.order || old.superseded !== t.superseded;
    });
    // Keep the first capture time of turns we already had.
    const rows = changed.map((t) => {
      const old = existing[turns.indexOf(t)];
      return old ? { ...t, capturedAt: old.capturedAt } : t;
    });
    await d.turns.bulkPut(rows);
    await d.conversations.put(conversation);
    return rows.length;
  });
}

export async function getConversation(key: string): Promise<Conversation | undefined> {
  return db().conversations.get(key);
}

export async function listConversations(): Promise<Conversation[]> {
  const rows = await db().conversations.toArray();
  return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** A conversation's turns in page order. */
export async function turnsOf(conversationKey: string): Promise<Turn[]> {
  return db()
    .turns.where('[conversationKey+order]')
    .between([conversationKey, 0], [conversationKey, Infinity])
    .toArray();
}
