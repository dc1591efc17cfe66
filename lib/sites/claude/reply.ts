import type { ReplyPattern, ReplySite } from '../reply';
import { CLAUDE_HOSTS } from '../../model/site-hosts';

/** POST /api/organizations/{org}/chat_conversations/{id}/completion (and retry_completion on regenerate, #3). */
export const CLAUDE_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/api\/organizations\/[^/]+\/chat_conversations\/([^/]+)\/(?:retry_)?completion\/?$/,
  id: 'path',
};

export const replySite: ReplySite = { hosts: CLAUDE_HOSTS, reply: CLAUDE_REPLY };
