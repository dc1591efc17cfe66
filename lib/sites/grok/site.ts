import type { SiteCore, SiteInfo } from '../site';
import { GROK_REPLY } from './reply';
import { GROK_HOSTS } from '../../model/site-hosts';

// `/c/<uuid>` (exporters and clients of 2025-2026; the response ids in both captures are the same kind of uuid).
// A shared chat opens at `/share/<id>`: someone else's thread, never a conversation here (#34 item 2). Grok inside
// X (x.com/i/grok) is not read: its script would have to run on every page of x.com, messages and timelines
// included, to reach one path (adapter.ts).
const CONVERSATION_PATH = /^\/c\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/;

export const grokCore: SiteCore<'grok'> = {
  site: 'grok',
  hosts: GROK_HOSTS,
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  // A private chat is asked for in the request (reply.ts) and flagged in the chat's JSON (payload.ts); no URL of
  // one is known. TODO(2027-06): capture a private chat page.
  isPrivate: () => false,
  scope: {
    noun: 'project',
    fromUrl: () => null,
    fromJson: true,
    note: 'a Grok chat’s URL does not name its project: the scope is the chat JSON’s workspace (payload.ts, unverified)',
  },
  // A private chat shows in the request and the chat JSON only (#34: the page waits for the JSON to confirm it).
  pageNeedsJson: true,
};

export const grok: SiteInfo<'grok'> = {
  ...grokCore,
  label: 'Grok',
  conversationUrl: (id) => `https://grok.com/c/${encodeURIComponent(id)}`,
  doNotRemember: { seenIn: ['request', 'json'] },
  ownership: {
    seenIn: ['url'],
    note: 'a /c/<uuid> address opens the signed-in account’s own chats; a shared chat is /share/<id>, not a conversation address',
    sharedView: 'https://grok.com/share/6f0d2c1e-0a1b-4c3d-8e9f-001122334455',
  },
  reply: GROK_REPLY,
};
