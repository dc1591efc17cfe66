// Claude data export (conversations.json): a list of conversations with `chat_messages[]` in order (#3).
import { z } from 'zod/mini';
import type { ImportedConversation, ImportParse } from '../api-types';
import { ClaudeConversation, claudeConversation } from './payload';

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
    const conv = parsed.success ? claudeConversation(parsed.data) : 'unexpected shape';
    const title = parsed.success ? parsed.data.name || `#${index + 1}` : `#${index + 1}`;
    if (typeof conv === 'string') skipped.push({ title, reason: conv });
    else if (conv.private) skipped.push({ title, reason: 'incognito chat' });
    else if (conv.turns.length === 0) skipped.push({ title, reason: 'no visible turns' });
    else conversations.push({ site: 'claude', url: `https://claude.ai/chat/${conv.id}`, ...conv });
  });
  return { conversations, skipped };
}
