import type { ReplyPattern, ReplySite } from '../reply';

/** POST /api/organizations/{org}/chat_conversations/{id}/completion (and retry_completion on regenerate, #3). */
export const CLAUDE_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/api\/organizations\/[^/]+\/chat_conversations\/([^/]+)\/(?:retry_)?completion\/?$/,
  id: 'path',
};

/** Apart from the pattern, so a chat page's script takes the hosts without it (site.ts). */
export const HOSTS = ['claude.ai'] as const;

export const replySite: ReplySite = { hosts: HOSTS, reply: CLAUDE_REPLY };
