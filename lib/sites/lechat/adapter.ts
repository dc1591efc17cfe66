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
