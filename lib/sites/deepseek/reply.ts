import type { ReplyPattern, ReplySite } from '../reply';
import { DEEPSEEK_HOSTS } from '../../model/site-hosts';

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

export const replySite: ReplySite = { hosts: DEEPSEEK_HOSTS, reply: DEEPSEEK_REPLY };
