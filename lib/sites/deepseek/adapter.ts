// Scope: none; DeepSeek has no projects, folders or spaces. Export: export.ts (Settings -> Data -> Export all
// history). Reply finished: reply.ts.
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { fetchDeepseek, tokenFrom } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';
import { deepseekCore } from './site';

/** The page's bearer token; read at the edge, from the page's own localStorage (same origin as this script). */
function pageToken(): string | null {
  try {
    return tokenFrom(globalThis.localStorage?.getItem('userToken') ?? null);
  } catch {
    return null;
  }
}

export const deepseekAdapter: SiteAdapter<'deepseek'> = {
  ...deepseekCore,
  // DeepSeek offers no temporary or incognito chat (payload.ts).
  isPrivatePage: () => false,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: (fetchJson, id) => fetchDeepseek(fetchJson, id, pageToken()),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: 'DeepSeek keeps no saved memories' }),
};
