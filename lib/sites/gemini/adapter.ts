// Gemini (gemini.google.com), from the page only. Its conversation JSON is not read, because it cannot be read
// reliably: the page loads a chat with Google's batchexecute RPC (`POST /_/BardChatUi/data/batchexecute?rpcids=
// hNvQHb`, other projects' notes of 2026), which needs a per-page anti-forgery token kept in the page's own script
// globals (`WIZ_global_data.SNlM0e`: an isolated content script could only scrape it from an inline script's
// text) plus build and session ids; answers with length-prefixed chunks wrapping JSON encoded as strings, not JSON; and lays each turn
// out as unnamed nested arrays whose positions and RPC ids change without notice (two 2026 clients already send
// different argument arrays, and thinking is told from the answer only by position). The page is read instead,
// as a window that never marks unseen turns superseded (parse.ts isWindowed).
// Scope: Gems, from the URL (scope.ts). Export: none read. Google Takeout's "Gemini Apps" activity is a per-prompt
// log ("Prompted …", the reply as sanitized HTML) with no conversation id or turn order to group it back into
// chats, and reading its HTML would need a DOM in the import worker. Reply finished: reply.ts.
import type { SiteAdapter } from '../adapter';
import { findComposer, findThread, isStreaming, isTemporary, isWindowed, parseTurns } from './parse';
import { geminiCore } from './site';

export const NO_JSON =
  "Gemini's conversation data is not read (see lib/sites/gemini/adapter.ts); turns come from the page";

export const geminiAdapter: SiteAdapter<'gemini'> = {
  ...geminiCore,
  // A temporary chat keeps the plain /app URL (no id, so nothing is stored from it); the page marks it.
  isPrivatePage: isTemporary,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  fetchConversation: async () => ({ ok: false, reason: NO_JSON }),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Gemini's saved info is not read" }),
};
