// Scope: Le Chat has projects (message.newChat takes a projectId), but no project URL is known, so the scope
// comes only from chat.byId's projectId where it is present (payload.ts, unverified). Export: Le Chat offers a data
// export (help.mistral.ai: "How do I export my data from le Chat?"), but no real sample of its format was found;
// the only description seen is a third-party page whose example is illustrative. No reader until a real file
// exists to test it on. Reply finished: reply.ts.
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { fetchLechat } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';

// `/chat/<uuid>` (an exporter's userscript matches https://chat.mistral.ai/chat/*; the message ids in the 2026-05
// capture are the same kind of uuid).
const CONVERSATION_PATH = /^\/chat\/([0-9a-fA-F-]{8,})\/?$/;

export const lechatAdapter: SiteAdapter<'lechat'> = {
  site: 'lechat',
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  // Le Chat has incognito chats (`message.newChat` takes `incognito`), flagged in its JSON (payload.ts); no URL or
  // page mark of one is known. TODO(2027-05): capture an incognito chat page.
  isPrivate: () => false,
  isPrivatePage: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: (fetchJson, id) => fetchLechat(fetchJson, id),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Le Chat's memories are not read" }),
};
