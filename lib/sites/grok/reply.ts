import type { ReplyPattern, ReplySite } from '../reply';
import { GROK_HOSTS } from '../../model/site-hosts';

/**
 * Grok asks over fetch: `POST /rest/app-chat/conversations/new` starts a chat and `…/conversations/<id>/responses`
 * continues one, each streaming its reply as JSON lines that name the chat (`"conversationId"`) until the request
 * ends (open-source clients of 2025-2026). The new-chat body's `"temporary": true` is Grok's private chat, which
 * Grok does not keep (the same clients send `temporary: false` by default).
 */
export const GROK_REPLY: ReplyPattern = {
  transport: 'fetch',
  path: /^\/rest\/app-chat\/conversations\/(?:new|[0-9a-f-]{36}\/responses)\/?$/,
  id: /"conversationId"\s*:\s*"([0-9a-f-]{36})"/,
  privateBody: /"temporary"\s*:\s*true/,
};

export const replySite: ReplySite = { hosts: GROK_HOSTS, reply: GROK_REPLY };
