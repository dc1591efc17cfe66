// Scope: Spaces, from a Space's own URL and from the thread JSON's collection_info (scope.ts, payload.ts). Export:
// none; Perplexity has no account data export, only a per-thread download from the thread's menu (exporters of
// 2025-2026 read /rest/thread instead), which is a document, not data to import. Reply finished: reply.ts.
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { fetchPerplexity } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';
import { perplexityCore } from './site';

export const perplexityAdapter: SiteAdapter<'perplexity'> = {
  ...perplexityCore,
  // Incognito shows in the thread JSON and the ask request's body (site.ts); no page mark of it is known.
  isPrivatePage: () => false,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: (fetchJson, id) => fetchPerplexity(fetchJson, id),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Perplexity's memory is not read" }),
};
