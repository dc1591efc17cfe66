// Scope: Spaces, from a Space's own URL and from the thread JSON's collection_info (scope.ts, payload.ts). Export:
// none; Perplexity has no account data export, only a per-thread download from the thread's menu (exporters of
// 2025-2026 read /rest/thread instead), which is a document, not data to import. Reply finished: reply.ts.
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { fetchPerplexity } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';

// A thread is `/search/<slug>` (both captures' threads; exporters read the slug from there). Published Pages
// (`/page/…`) and Spaces (`/spaces/…`, scope.ts) are not conversations.
const CONVERSATION_PATH = /^\/search\/([^/]+)\/?$/;

export const perplexityAdapter: SiteAdapter<'perplexity'> = {
  site: 'perplexity',
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  // Incognito is a flag of the query, not of the URL (reply.ts), and the page mark of it is not known (the help
  // centre: "an icon next to the input field"); the thread JSON and the request body carry it.
  // TODO(2027-05): capture an incognito thread page.
  isPrivate: () => false,
  isPrivatePage: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: (fetchJson, id) => fetchPerplexity(fetchJson, id),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Perplexity's memory is not read" }),
};
