// ChatGPT data export (conversations.json): the 2023 and 2025 shapes are both lists of the API's conversation
// objects, so the same branch walk and filters apply (#3).
import { z } from 'zod/mini';
import type { ExportReader, ImportedConversation, ImportParse } from '../api-types';
import { ChatgptConversation, chatgptConversation } from './payload';
import { chatgpt } from './site';

const Export = z.array(z.unknown());

/** Conversations with a `mapping`; DeepSeek's export has one too, but also `inserted_at`, which ChatGPT never has. */
export function looksLikeChatgptExport(raw: unknown): boolean {
  return (
    Array.isArray(raw) &&
    raw.length > 0 &&
    typeof raw[0] === 'object' &&
    raw[0] !== null &&
    'mapping' in raw[0] &&
    !('inserted_at' in raw[0])
  );
}

export function parseChatgptExport(raw: unknown): ImportParse {
  const list = Export.safeParse(raw);
  if (!list.success) throw new Error('This is not a ChatGPT export: conversations.json holds a list.');
  const conversations: ImportedConversation[] = [];
  const skipped: ImportParse['skipped'] = [];
  list.data.forEach((item, index) => {
    const parsed = ChatgptConversation.safeParse(item);
    const conv = parsed.success ? chatgptConversation(parsed.data) : 'unexpected shape';
    const title = parsed.success ? (parsed.data.title ?? `#${index + 1}`) : `#${index + 1}`;
    if (typeof conv === 'string') skipped.push({ title, reason: conv });
    else if (!conv.id) skipped.push({ title, reason: 'no conversation id' });
    else if (conv.private) skipped.push({ title, reason: 'marked do-not-remember' });
    else if (conv.turns.length === 0) skipped.push({ title, reason: 'no visible turns' });
    else conversations.push({ site: 'chatgpt', url: chatgpt.conversationUrl(conv.id), ...conv });
  });
  return { conversations, skipped };
}

export const exportReader: ExportReader = {
  site: 'chatgpt',
  looks: looksLikeChatgptExport,
  parse: parseChatgptExport,
};
