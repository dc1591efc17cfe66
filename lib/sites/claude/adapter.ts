import type { SiteAdapter } from '../adapter';
import { fetchClaudeMemories } from './memories';
import { fetchClaude } from './api';
import { findComposer, findThread, isStreaming, parseTurns } from './parse';
import { claudeCore } from './site';

export const claudeAdapter: SiteAdapter = {
  ...claudeCore,
  // No capture of ours shows incognito markup; the API's `is_temporary` is what we read (#3).
  isPrivatePage: () => false,
  isSharedView: () => false,
  parseTurns,
  isStreaming,
  findThread,
  findComposer,
  fetchConversation: (fetchJson, id) => fetchClaude(fetchJson, id),
  // Both layouts keep every turn mounted (claude-2026-01-29; current layout measured 2026-10).
  isWindowed: () => false,
  fetchMemories: (fetchJson) => fetchClaudeMemories(fetchJson),
};
