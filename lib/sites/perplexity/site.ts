import type { SiteCore, SiteInfo } from '../site';
import { PERPLEXITY_REPLY } from './reply';
import { PERPLEXITY_HOSTS } from '../../model/site-hosts';
import { spaceOf } from './scope';

// A thread is `/search/<slug>` (both captures' threads; exporters read the slug from there). Published Pages
// (`/page/…`) and Spaces (`/spaces/…`, scope.ts) are not conversations.
const CONVERSATION_PATH = /^\/search\/([^/]+)\/?$/;

export const perplexityCore: SiteCore<'perplexity'> = {
  site: 'perplexity',
  hosts: PERPLEXITY_HOSTS,
  conversationId: (url) => CONVERSATION_PATH.exec(url.pathname)?.[1] ?? null,
  // Incognito is a flag of the query, not of the URL: the ask request's body (reply.ts) and the thread JSON
  // (payload.ts) carry it; the page mark of it is not known (the help centre: "an icon next to the input field").
  // TODO(2027-05): capture an incognito thread page.
  isPrivate: () => false,
  // A thread in a Space is a plain /search/<slug>: the Space comes from the Space's own URL and the thread JSON.
  scope: { noun: 'Space', fromUrl: spaceOf, fromJson: true },
  // Incognito and the author of each entry show only in the JSON and the ask request.
  pageNeedsJson: true,
};

export const perplexity: SiteInfo<'perplexity'> = {
  ...perplexityCore,
  label: 'Perplexity',
  conversationUrl: (id) => `https://www.perplexity.ai/search/${encodeURIComponent(id)}`,
  doNotRemember: { seenIn: ['json', 'request'] },
  ownership: {
    seenIn: ['json'],
    note: 'a thread shared with the person opens at the same /search/<slug>: each entry’s `author_id` is compared with the signed-in account’s id (payload.ts), entries of another author are never stored, and a thread whose authors cannot be told is not stored at all',
  },
  reply: PERPLEXITY_REPLY,
};
