// Kimi (www.kimi.com), from the page only. Its chats load through a Connect RPC gateway
// (`/apiv2/kimi.gateway.chat.v1.…`) whose JSON names roles by protobuf enum numbers and blocks by case (the share
// page's hydration state shows `role: 2` for the person, `3` for Kimi); no capture shows the chat page's own call
// or its paging, so it is not read until one does. TODO(2027-06): capture a chat page's ListMessages call.
// A share page (`/share/…`) is someone else's thread: its URL is no conversation (site.ts) and its page says so
// (isSharedView), so nothing of it is ever stored. Private chats and scopes: none (site.ts). Export: none.
import type { SiteAdapter } from '../adapter';
import { findComposer, findThread, isSharedView, isStreaming, isWindowed, parseTurns } from './parse';
import { kimiCore } from './site';

export const NO_JSON =
  "Kimi's conversation data is not read (see lib/sites/kimi/adapter.ts); turns come from the page";

export const kimiAdapter: SiteAdapter<'kimi'> = {
  ...kimiCore,
  isPrivatePage: () => false,
  isSharedView,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  fetchConversation: async () => ({ ok: false, reason: NO_JSON }),
  isWindowed,
  fetchMemories: async () => ({ ok: false, reason: "Kimi's memories are not read" }),
};
