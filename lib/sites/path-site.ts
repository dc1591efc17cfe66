// The core of a site whose chats each live at one address and that has no projects Engram can name (#36): six
// sites (AI Studio, Copilot, DeepSeek, Kimi, Meta AI, Qwen Chat) wrote these same twenty lines each, differing
// only in the address and why there are no scopes. A site with projects, a private mode its URL cannot show or
// a JSON-only signal writes its own SiteCore.
import type { SiteCore } from './site';

export interface PathSite<S extends string> {
  site: S;
  hosts: readonly string[];
  /** A conversation's address, the id in its first group; any other page is not a saved conversation. */
  path: RegExp;
  /** Why the site has no scopes: the README's Sites table says the same. */
  noScopes: string;
}

export function pathCore<S extends string>({ site, hosts, path, noScopes }: PathSite<S>): SiteCore<S> {
  return {
    site,
    hosts,
    conversationId: (url) => path.exec(url.pathname)?.[1] ?? null,
    // Where a site has a temporary chat, it never reaches a conversation address (aistudio/site.ts).
    isPrivate: () => false,
    scope: { noun: null, fromUrl: () => null, fromJson: false, note: noScopes },
    // Nothing that only the JSON can say: private chats and authors show in the address, or cannot be told.
    pageNeedsJson: false,
  };
}
