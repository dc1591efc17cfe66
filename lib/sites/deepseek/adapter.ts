// Scope: none; DeepSeek has no projects, folders or spaces. Export: export.ts (Settings -> Data -> Export all
// history). Reply finished: reply.ts.
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { fetchDeepseek, tokenFrom } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';

// `/a/chat/s/<uuid>` (exporters of 2025-2026 read the id from there; the page's own history call is sent with it
// as referrer). The `/a` prefix is optional for older links.
const CONVERSATION_PATH = /^\/(?:a\/)?chat\/s\/([0-9a-fA-F-]{8,})\/?$/;

/** The page's bearer token; read at the edge, from the page's own localStorage (same origin as this script). */
function pageToken(): string | null {
  try {
    return tokenFrom(globalThis.localStorage?.getItem('userToken') ?? null);
  } catch {
    return null;
  }
}

export const deepseekAdapter: SiteAdapter<'deepseek'> = {
  site: 'deepseek',
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  // DeepSeek offers no temporary or incognito chat (payload.ts).
  isPrivate: () => false,
  isPrivatePage: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: (fetchJson, id) => fetchDeepseek(fetchJson, id, pageToken()),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: 'DeepSeek keeps no saved memories' }),
};
