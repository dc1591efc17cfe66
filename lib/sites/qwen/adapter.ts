// Qwen Chat (chat.qwen.ai): the chat's JSON first (api.ts, payload.ts), the page when it fails (parse.ts). Private
// chats: none confirmed (site.ts). Scope: none. Export: Qwen Chat's settings export has no sample here to test a
// reader on. A shared chat (`/s/<id>`) is never a conversation (site.ts).
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { fetchQwen } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';
import { qwenCore } from './site';

/** The page's bearer token, read at the edge from its own localStorage (same origin as this script). */
function pageToken(): string | null {
  try {
    return globalThis.localStorage?.getItem('token') || null;
  } catch {
    return null;
  }
}

export const qwenAdapter: SiteAdapter<'qwen'> = {
  ...qwenCore,
  isPrivatePage: () => false,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: (fetchJson, id) => fetchQwen(fetchJson, id, pageToken()),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Qwen Chat's memories are not read" }),
};
