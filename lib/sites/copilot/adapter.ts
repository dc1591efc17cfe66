// Microsoft Copilot (copilot.microsoft.com): the chat's history JSON first (api.ts), the page when it fails.
// Reply finished: the page's own mark (reply.ts: Copilot replies over a WebSocket). Private chats: none. Scope:
// none. Export: Microsoft's privacy dashboard export has no sample here to test a reader on. A shared chat
// (`/shares/<id>`) is never a conversation (site.ts).
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { fetchCopilot, tokenFrom } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';
import { copilotCore } from './site';

/** MSAL's cache entries, read at the edge from the page's own localStorage (same origin as this script). */
function storedEntries(): [string, string | null][] {
  try {
    const store = globalThis.localStorage;
    return Array.from({ length: store.length }, (_, i) => store.key(i) ?? '').map((key) => [
      key,
      store.getItem(key),
    ]);
  } catch {
    return [];
  }
}

export const copilotAdapter: SiteAdapter<'copilot'> = {
  ...copilotCore,
  isPrivatePage: () => false,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: (fetchJson, id) => fetchCopilot(fetchJson, id, tokenFrom(storedEntries())),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Copilot's memories are not read" }),
};
