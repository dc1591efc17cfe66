// Claude data export (conversations.json): a list of conversations with `chat_messages[]` (#3). The array is
// not always in the order the messages were sent (#12: a real export listed them out of order, so questions
// and answers were paired wrongly), and exports have no current leaf to walk from: the messages are put in
// order by their parent chain when they have one, else by created_at, stably.
import { z } from 'zod/mini';
import type { ImportedConversation, ImportParse, ExportReader } from '../api-types';
import { ClaudeConversation, claudeConversation, ROOT_UUID } from './payload';
import { claude } from './site';

type Message = ClaudeConversation['chat_messages'][number];

const time = (m: Message) => {
  const ms = m.created_at ? Date.parse(m.created_at) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

/** By created_at, stably; a message without a time keeps its place after the message before it. */
function byTime(messages: Message[]): Message[] {
  let last = -Infinity;
  const keyed = messages.map((m, i) => {
    last = time(m) ?? last;
    return { m, i, at: last };
  });
  return keyed.sort((a, b) => a.at - b.at || a.i - b.i).map((k) => k.m);
}

/**
 * The branch ending at the newest message no other message answers (the one a person saw last), walked by
 * parent links to the root; null when a link is missing or loops, so the caller falls back to time order.
 */
function byParents(messages: Message[]): Message[] | null {
  const byId = new Map(messages.map((m) => [m.uuid, m]));
  const parents = new Set(messages.map((m) => m.parent_message_uuid));
  const leaves = byTime(messages.filter((m) => !parents.has(m.uuid)));
  const branch: Message[] = [];
  for (let m = leaves.at(-1); m;) {
    if (branch.includes(m)) return null;
    branch.push(m);
    const parent = m.parent_message_uuid;
    if (!parent || parent === ROOT_UUID) return branch.reverse();
    m = byId.get(parent);
  }
  return null;
}

/** The messages in the order they happened; a conversation the site gave a leaf for is walked by the payload. */
export function exportOrder(conv: ClaudeConversation): ClaudeConversation {
  if (conv.current_leaf_message_uuid) return conv;
  // Linked when every message but the first names its parent: a chain with gaps would drop messages.
  const unlinked = conv.chat_messages.filter((m) => !m.parent_message_uuid).length;
  const linked = conv.chat_messages.length > unlinked && unlinked <= 1;
  const ordered = (linked && byParents(conv.chat_messages)) || byTime(conv.chat_messages);
  return { ...conv, chat_messages: ordered };
}

const Export = z.array(z.unknown());

export function looksLikeClaudeExport(raw: unknown): boolean {
  return (
    Array.isArray(raw) &&
    raw.length > 0 &&
    typeof raw[0] === 'object' &&
    raw[0] !== null &&
    'chat_messages' in raw[0]
  );
}

export function parseClaudeExport(raw: unknown): ImportParse {
  const list = Export.safeParse(raw);
  if (!list.success) throw new Error('This is not a Claude export: conversations.json holds a list.');
  const conversations: ImportedConversation[] = [];
  const skipped: ImportParse['skipped'] = [];
  list.data.forEach((item, index) => {
    const parsed = ClaudeConversation.safeParse(item);
    const conv = parsed.success ? claudeConversation(exportOrder(parsed.data)) : 'unexpected shape';
    const title = parsed.success ? parsed.data.name || `#${index + 1}` : `#${index + 1}`;
    if (typeof conv === 'string') skipped.push({ title, reason: conv });
    else if (conv.private) skipped.push({ title, reason: 'incognito chat' });
    else if (conv.turns.length === 0) skipped.push({ title, reason: 'no visible turns' });
    else conversations.push({ site: 'claude', url: claude.conversationUrl(conv.id), ...conv });
  });
  return { conversations, skipped };
}

export const exportReader: ExportReader = {
  site: 'claude',
  looks: looksLikeClaudeExport,
  parse: parseClaudeExport,
};
