import type { ReplyPattern, ReplySite } from '../reply';
import { QWEN_HOSTS } from '../../model/site-hosts';

/**
 * Qwen Chat asks over fetch, `POST /api/v2/chat/completions?chat_id=<id>`, streaming the reply as server-sent
 * events until the request ends (open-source clients of 2025-2026); the chat's id is in the query.
 */
export const QWEN_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/api\/v2\/chat\/completions\?(?:.*&)?chat_id=([0-9a-f-]{36})(?:&|$)/,
  withQuery: true,
  id: 'path',
};

export const replySite: ReplySite = { hosts: QWEN_HOSTS, reply: QWEN_REPLY };
