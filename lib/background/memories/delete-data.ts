// Conversation and whole-database deletes from the manager (#6).
import { ProblemError } from '../../model/problem';
import type { Conversation, Memory } from '../../model/records';
import { getConversation } from '../../store/conversations';
import { changeMemoriesFrom, clearAllData, deleteConversationRows } from '../../store/manage';
import { clearCaptureProblems } from '../../store/status';
import { byUser } from '../shared/user-events';
import { agentsStatusItem } from '../../store/agents';
import { forgetAgents } from '../agents/agent-settings';

type Source = Memory['sources'][number];

/** Moves the memories a conversation alone produced to the Trash and drops it from the others' sources. */
function withoutConversation(conversation: Conversation, produced: Memory[], at: string) {
  const isThis = (s: Source) => s.site === conversation.site && s.conversationId === conversation.id;
  const memories = produced.map((m): Memory => {
    const sources = m.sources.filter((s) => !isThis(s));
    return sources.length > 0 ? { ...m, sources, updatedAt: at } : { ...m, status: 'deleted', updatedAt: at };
  });
  const events = memories.map((m, i) =>
    m.status === 'deleted' && produced[i]?.status !== 'deleted'
      ? byUser('delete', produced[i] ?? null, m, `Deleted with conversation “${conversation.title}”`)
      : byUser('update', produced[i] ?? null, m, `Source conversation “${conversation.title}” deleted`),
  );
  return { memories, events };
}

/**
 * Removing a conversation's memories moves those it alone produced to the Trash (restorable); a memory that
 * other conversations also support stays, without this source. Keeping them leaves them untouched: their
 * provenance still links to the site's own copy of the conversation.
 */
export async function deleteConversation(key: string, removeMemories: boolean, now = new Date()) {
  const conversation = await getConversation(key);
  if (!conversation) throw new ProblemError({ code: 'conversation-gone' });
  // The rows and their jobs go first (#12): a job that committed before this has its memories changed below;
  // one still running finds its lease gone and writes nothing.
  const turns = await deleteConversationRows(key);
  if (!removeMemories) return { turns, memories: 0 };
  const at = now.toISOString();
  const changed = await changeMemoriesFrom(conversation.site, conversation.id, (produced) =>
    withoutConversation(conversation, produced, at),
  );
  return { turns, memories: changed.filter((m) => m.status === 'deleted').length };
}

/**
 * Every table emptied; the indexes, the embedding cache and running jobs follow the store's `cleared` change
 * (lib/store/changes.ts). Capture problems name pages and conversations too, so they go as well (#12). So do the
 * desktop apps' switch, secret and log of what they asked (#34 item 9): the switch goes off (every server is
 * told and let go), and the log held their questions.
 */
export async function deleteEverything(): Promise<{ ok: true }> {
  await clearAllData();
  await clearCaptureProblems();
  await forgetAgents();
  await agentsStatusItem.setValue({ report: { links: [], refused: [] }, asked: [] });
  return { ok: true };
}
