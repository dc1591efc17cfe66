import type { SiteCore, SiteInfo } from '../site';
import { LECHAT_REPLY } from './reply';
import { LECHAT_HOSTS } from '../../model/site-hosts';

// `/chat/<uuid>` (an exporter's userscript matches https://chat.mistral.ai/chat/*; the message ids in the 2026-05
// capture are the same kind of uuid).
const CONVERSATION_PATH = /^\/chat\/([0-9a-fA-F-]{8,})\/?$/;

export const lechatCore: SiteCore<'lechat'> = {
  site: 'lechat',
  hosts: LECHAT_HOSTS,
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  // Le Chat has incognito chats (`message.newChat` takes `incognito`), flagged in its JSON (payload.ts); no URL or
  // page mark of one is known. TODO(2027-05): capture an incognito chat page.
  isPrivate: () => false,
  scope: {
    noun: 'project',
    fromUrl: () => null,
    fromJson: true,
    note: 'no Le Chat project URL is known: the scope is chat.byId’s projectId (payload.ts, unverified)',
  },
  // Incognito shows in chat.byId's JSON only.
  pageNeedsJson: true,
};

export const lechat: SiteInfo<'lechat'> = {
  ...lechatCore,
  label: 'Le Chat',
  conversationUrl: (id) => `https://chat.mistral.ai/chat/${encodeURIComponent(id)}`,
  doNotRemember: { seenIn: ['json'] },
  ownership: {
    unknown:
      'no capture or open-source client shows how Le Chat marks a chat someone shared, or who wrote a message (checked 2026-12): a shared chat that opens at a /chat/<id> address is stored as the person’s',
  },
  reply: LECHAT_REPLY,
};
