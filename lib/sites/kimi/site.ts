import { pathCore } from '../path-site';
import type { SiteInfo } from '../site';
import { KIMI_REPLY } from './reply';
import { KIMI_HOSTS } from '../../model/site-hosts';

// `/chat/<id>`: the person's own chats (ids like the share page's message ids, `19b0d424-9db2-8f5e-…`). A shared
// thread opens at `/share/<id>` or `/share/<language>/<id>` (kimi-share-2026-07's canonical and alternate links):
// someone else's thread, never a conversation here (#34 item 2); the page marks it too (adapter.ts).
const CONVERSATION_PATH = /^\/chat\/([0-9a-zA-Z-]{8,64})\/?$/;

// No private mode; who wrote a chat shows in its address and its page (ownership below).
export const kimiCore = pathCore({
  site: 'kimi',
  hosts: KIMI_HOSTS,
  path: CONVERSATION_PATH,
  noScopes: 'no Kimi page or JSON we have names a project for a chat',
});

export const kimi: SiteInfo<'kimi'> = {
  ...kimiCore,
  label: 'Kimi',
  conversationUrl: (id) => `https://www.kimi.com/chat/${encodeURIComponent(id)}`,
  doNotRemember: { none: 'Kimi offers no temporary or incognito chat' },
  ownership: {
    seenIn: ['url'],
    note: 'a /chat/<id> address opens the signed-in account’s own chats; a shared thread is /share/<id>, not a conversation address, and its page is marked read-only too (adapter.ts)',
    sharedView: 'https://www.kimi.com/share/19b0d424-9db2-8f5e-8000-0000a1b2c3d4',
  },
  reply: KIMI_REPLY,
};
