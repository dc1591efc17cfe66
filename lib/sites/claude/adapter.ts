import type { SiteAdapter } from '../adapter';
import { fetchClaudeMemories } from './memories';
import { fetchClaude } from './api';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';

const CONVERSATION_PATH = /^\/chat\/([0-9a-fA-F-]{8,})\/?$/;

export const claudeAdapter: SiteAdapter = {
  site: 'claude',
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  // Claude incognito chats are flagged in the API (`is_temporary`), not the URL; the API path reads it (#3).
  isPrivate: () => false,
  // No capture of ours shows incognito markup; the API's `is_temporary` is what we read (#3).
  isPrivatePage: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  fetchConversation: (fetchJson, id) => fetchClaude(fetchJson, id),
  // Both layouts keep every turn mounted (claude-2026-01-29; current layout measured 2026-10).
  isWindowed: () => false,
  fetchMemories: (fetchJson) => fetchClaudeMemories(fetchJson),
};
