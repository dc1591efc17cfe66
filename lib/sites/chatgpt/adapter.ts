import type { SiteAdapter } from '../adapter';
import { fetchChatgptMemories } from './memories';
import { fetchChatgpt } from './api';
import { findComposer, findThread, isStreaming, isWindowed, parseTurns } from './parse';
import { chatgptCore } from './site';

export const chatgptAdapter: SiteAdapter = {
  ...chatgptCore,
  // Temporary Chat is in the URL (#3); the page shows nothing the URL does not.
  isPrivatePage: () => false,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  fetchConversation: fetchChatgpt,
  isWindowed,
  fetchMemories: fetchChatgptMemories,
};
