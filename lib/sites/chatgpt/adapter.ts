import type { SiteAdapter } from '../adapter';
import { fetchChatgptMemories } from './memories';
import { fetchChatgpt } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';

// `/c/<id>` and `/g/<gizmo-or-project>/c/<id>` (#3).
const CONVERSATION_PATH = /^\/(?:g\/[^/]+\/)?c\/([0-9a-zA-Z-]{8,})\/?$/;

export const chatgptAdapter: SiteAdapter = {
  site: 'chatgpt',
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  isPrivate: (url) => url.searchParams.get('temporary-chat') === 'true',
  // Temporary Chat is in the URL (#3); the page shows nothing the URL does not.
  isPrivatePage: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  fetchConversation: fetchChatgpt,
  isWindowed,
  fetchMemories: fetchChatgptMemories,
};
