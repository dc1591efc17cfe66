import { pathCore } from '../path-site';
import type { SiteInfo } from '../site';
import { QWEN_REPLY } from './reply';
import { QWEN_HOSTS } from '../../model/site-hosts';

// `/c/<uuid>` (open-source clients of 2025-2026; the capture's message ids are the same kind of uuid). A shared
// chat opens at `/s/<id>`: someone else's thread, never a conversation here (#34 item 2).
const CONVERSATION_PATH = /^\/c\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/;

// No private mode we could confirm; who wrote a chat shows in its address (ownership below).
export const qwenCore = pathCore({
  site: 'qwen',
  hosts: QWEN_HOSTS,
  path: CONVERSATION_PATH,
  noScopes: 'no Qwen Chat page or JSON we have names a project or folder for a chat',
});

export const qwen: SiteInfo<'qwen'> = {
  ...qwenCore,
  label: 'Qwen Chat',
  conversationUrl: (id) => `https://chat.qwen.ai/c/${encodeURIComponent(id)}`,
  doNotRemember: { none: 'Qwen Chat offers no temporary or incognito chat that we could confirm' },
  ownership: {
    seenIn: ['url'],
    note: 'a /c/<uuid> address opens the signed-in account’s own chats; a shared chat is /s/<id>, not a conversation address',
    sharedView: 'https://chat.qwen.ai/s/6f0d2c1e-0a1b-4c3d-8e9f-001122334455',
  },
  reply: QWEN_REPLY,
};
