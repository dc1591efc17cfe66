// Grok (grok.com): the chat's JSON first (api.ts, payload.ts), the page when it fails (parse.ts). Private chats:
// the new-chat request's `temporary` (reply.ts) and the chat JSON's flag. Scope: the chat JSON's project
// (`workspaces`, unverified). Export: xAI's account export (accounts.x.ai/data) has no sample here to test a reader
// on. Grok inside X (x.com/i/grok) is not read: a content script there would run on every page of x.com, messages
// and timelines included, to reach one path, and Engram's host list would carry all of X.
import type { SiteAdapter } from '../adapter';
import { fetchGrok } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';
import { grokCore } from './site';

export const grokAdapter: SiteAdapter<'grok'> = {
  ...grokCore,
  // A private chat shows in its request and JSON (site.ts); no page mark of one is known.
  isPrivatePage: () => false,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  fetchConversation: (fetchJson, id) => fetchGrok(fetchJson, id),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Grok's memories are not read" }),
};
