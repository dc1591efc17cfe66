import type { ReplyPattern, ReplySite } from '../reply';
import { CHATGPT_HOSTS } from '../../model/site-hosts';

/**
 * 2026: POST /backend-api/f/conversation; before 2025-06: /backend-api/conversation (#3 live notes). The id is in
 * the event stream: new and temporary chats have none in the URL yet.
 */
export const CHATGPT_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/backend-api\/(?:f\/)?conversation\/?$/,
  id: /"conversation_id"\s*:\s*"([\w-]{8,100})"/,
};

export const replySite: ReplySite = { hosts: CHATGPT_HOSTS, reply: CHATGPT_REPLY };
