// Conversation and whole-database deletes from the manager (#6).
import type { Memory } from '../model/records';
import { getConversation } from '../store/conversations';
import { clearAllData, deleteConversationRows, memoriesFrom, writeMemories } from '../store/manage';
import { byUser } from './events';
import { resetEmbeddingSync } from './embeddings-sync';
import { resetRecallIndex } from './recall';

/**
 * Removing a conversation's memories moves those it alone produced to the Trash (restorable); a memory that
 * other conversations also support stays, without this source. Keeping them leaves them untouched: their
 * provenance still links to the site's own copy of the conversation.
 */
export async function deleteConversation(key: string, removeMemories: boolean, now = new Date()) {
  const conversation = await getConversation(key);
  if (!conversation) throw new Error('That conversation is already gone.');
  let memories = 0;
  if (removeMemories) {
    const at = now.toISOString();
    const produced = await memoriesFrom(conversation.site, conversation.id);
    const isThis = (s: Memory['sources'][number]) =>
      s.site === conversation.site && s.conversationId === conversation.id;
    const changed = produced.map((m): Memory => {
      const sources = m.sources.filter((s) => !isThis(s));
      return sources.length > 0
        ? { ...m, sources, updatedAt: at }
        : { ...m, status: 'deleted', updatedAt: at };
    });
    const events = changed.map((m, i) =>
      m.status === 'deleted' && produced[i]?.status !== 'deleted'
        ? byUser('delete', produced[i] ?? null, m, `Deleted with conversation “${conversation.title}”`)
        : byUser('update', produced[i] ?? null, m, `Source conversation “${conversation.title}” deleted`),
    );
    await writeMemories(changed, events);
    memories = changed.filter((m) => m.status === 'deleted').length;
  }
  const turns = await deleteConversationRows(key);
  return { turns, memories };
}

export async function deleteEverything(): Promise<{ ok: true }> {
  await clearAllData();
  // The in-memory index and vectors would otherwise keep recalling what the user just deleted.
  resetRecallIndex();
  resetEmbeddingSync();
  return { ok: true };
}
