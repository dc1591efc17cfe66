import type { ReplyPattern, ReplySite } from '../reply';

/**
 * DeepSeek streams each reply over XMLHttpRequest, `POST /api/v0/chat/completion` (its body's `action` covers
 * regenerate and edit), and the request ends within ~10 ms of the reply (another project's live probe,
 * 2026-10-04). The session id is in the request body, not the URL or stream; the page URL has it.
 */
export const DEEPSEEK_REPLY: ReplyPattern = {
  transport: 'xhr',
  path: /^\/api\/v0\/chat\/completion\/?$/,
  id: null,
};

/** Apart from the pattern, so a chat page's script takes the hosts without it (site.ts). */
export const HOSTS = ['chat.deepseek.com'] as const;

export const replySite: ReplySite = { hosts: HOSTS, reply: DEEPSEEK_REPLY };
