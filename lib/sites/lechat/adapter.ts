// Scope: Le Chat has projects (message.newChat takes a projectId), but no project URL is known, so the scope
// comes only from chat.byId's projectId where it is present (payload.ts, unverified). Export: Le Chat offers a data
// export (help.mistral.ai: "How do I export my data from le Chat?"), but no real sample of its format was found;
// the only description seen is a third-party page whose example is illustrative. No reader until a real file
// exists to test it on. Reply finished: reply.ts.
import { insertIntoComposer } from '../../inject/textarea';
import type { SiteAdapter } from '../adapter';
import { fetchLechat } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';
import { lechatCore } from './site';

export const lechatAdapter: SiteAdapter<'lechat'> = {
  ...lechatCore,
  // Incognito shows in chat.byId's JSON (site.ts); no page mark of it is known.
  isPrivatePage: () => false,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  insert: insertIntoComposer,
  fetchConversation: (fetchJson, id) => fetchLechat(fetchJson, id),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Le Chat's memories are not read" }),
};
