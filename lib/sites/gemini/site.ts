import type { SiteCore, SiteInfo } from '../site';
import { GEMINI_REPLY } from './reply';
import { GEMINI_HOSTS } from '../../model/site-hosts';
import { gemOf } from './scope';

// `/app/<hex>`, `/gem/<gem>/<hex>`, both with an optional `/u/<n>` account prefix (scope.ts has the evidence).
const CONVERSATION_PATH = /^(?:\/u\/\d+)?\/(?:app|gem\/[^/]+)\/([0-9a-f]{12,})\/?$/;

export const geminiCore: SiteCore<'gemini'> = {
  site: 'gemini',
  hosts: GEMINI_HOSTS,
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  // A temporary chat keeps the plain /app URL (no id, so nothing is stored from it); only the page marks it
  // (adapter.ts isPrivatePage).
  isPrivate: () => false,
  scope: { noun: 'Gem', fromUrl: gemOf, fromJson: false },
  pageNeedsJson: false,
};

export const gemini: SiteInfo<'gemini'> = {
  ...geminiCore,
  label: 'Gemini',
  conversationUrl: (id) => `https://gemini.google.com/app/${encodeURIComponent(id)}`,
  doNotRemember: { seenIn: ['page'] },
  ownership: {
    seenIn: ['url'],
    note: 'an /app/<id> or /gem/<gem>/<id> address is the person’s own chat; a shared chat is /share/<id>, not a conversation address, and a Gem someone shared gives its instructions, not turns',
    sharedView: 'https://gemini.google.com/share/6cc71b18a6f6',
  },
  reply: GEMINI_REPLY,
};
