import type { ReplyPattern, ReplySite } from '../reply';

/**
 * 2026: POST /backend-api/f/conversation; before 2025-06: /backend-api/conversation (#3 live notes). The id is in
 * the event stream: new and temporary chats have none in the URL yet.
 */
export const CHATGPT_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/backend-api\/(?:f\/)?conversation\/?$/,
  id: /"conversation_id"\s*:\s*"([\w-]{8,100})"/,
};

/** Apart from the pattern, so a chat page's script takes the hosts without it (site.ts). */
export const HOSTS = ['chatgpt.com', 'chat.openai.com'] as const;

export const replySite: ReplySite = { hosts: HOSTS, reply: CHATGPT_REPLY };
