// What Engram knows about a site without reading a page: its hosts, names, URLs, reply pattern and scopes. One
// object per site folder (`<site>/site.ts`), listed once in registry.ts, which the manifest, the background, the
// MAIN-world tap and the UI read (#24: site knowledge had leaked into tap.ts, projects.ts, the import detector,
// the popup and the labels). Kept free of imports but types: the tap bundles every site's object into the page's
// own world, which must stay tiny (it loads on every chat page, #24). Ids and hosts are the ground's data
// (lib/model/site-hosts.ts, #38).
import type { ReplyPattern } from './reply';

/** A project-like scope a site names: a ChatGPT project, a Gemini Gem, a Perplexity Space. */
export interface ScopeRef {
  id: string;
  /** Readable where the URL or JSON gives one (a slug, a title). */
  name: string | null;
}

export interface ScopeSource {
  /** What the site calls it, for labels ("project", "Gem", "Space"); null where the site has none. */
  noun: string | null;
  /** The scope a page URL names (a chat inside it or the scope's own page), or null. */
  fromUrl(url: URL): ScopeRef | null;
  /** The site's conversation JSON names it where the URL does not (ApiConversation.project). */
  fromJson: boolean;
  /** Why the site has no scopes, or why one source is not read: the README table says the same. */
  note?: string;
}

/** Where Engram sees a chat the site promised not to remember. */
export type PrivateSignal = 'url' | 'page' | 'json' | 'request';

/**
 * How Engram tells the signed-in person's own chat from one somebody else wrote (#34): `url`, the site's
 * conversation address only ever opens the person's own chats (a shared view lives at another path, which is not a
 * conversation); `json`, the site's JSON names each turn's author, and turns of other accounts are never stored.
 */
export type OwnerSignal = 'url' | 'json';

/**
 * What a chat page's content script needs of its site (lib/sites/adapter.ts builds on it). Apart from the rest of
 * SiteInfo so that a site's entrypoint bundles only this: chatgpt.js has 0.5 kB left of its 50 kB (#24).
 */
export interface SiteCore<S extends string = string> {
  site: S;
  /** Exact hosts, never patterns: content-script matches, host permissions and host detection (reply.ts). */
  hosts: readonly string[];
  /** The site's conversation id from a page URL, or null on pages that are not a saved conversation. */
  conversationId(url: URL): string | null;
  /** True for chats the site itself promises not to remember (Temporary Chat, incognito), from the URL. */
  isPrivate(url: URL): boolean;
  scope: ScopeSource;
  /**
   * True when only the site's JSON (or its request) can say that a chat is not private or is the person's own
   * (#34, fail closed): the page is then read only for a chat the JSON has confirmed, here or at an earlier read
   * (lib/sites/privacy.ts). contract.test.ts derives it from `doNotRemember` and `ownership`.
   */
  pageNeedsJson: boolean;
}

export interface SiteInfo<S extends string = string> extends SiteCore<S> {
  /** The site's name as people say it. */
  label: string;
  /** Where the site shows a conversation: provenance links and repaired records point there. */
  conversationUrl(id: string): string;
  /** Where its do-not-remember mode shows, or why it has none. */
  doNotRemember: { seenIn: readonly PrivateSignal[] } | { none: string };
  /**
   * How a thread somebody else wrote is told from the person's own (#34), with the evidence and what it misses;
   * or why the site gives no way to tell. The README's Sites table says the same. `sharedView`: where told by
   * address, a sample address of the site's shared view, which contract.test.ts checks is no conversation.
   */
  ownership: { seenIn: readonly OwnerSignal[]; note: string; sharedView?: string } | { unknown: string };
  /** The site's own "send a message" request, which the MAIN-world tap watches to know a reply has finished. */
  reply: ReplyPattern;
  /** Where the site's saved memories are read, as their source (popup → Import saved memories). */
  savedMemoriesUrl?: string;
}

/** `https://<host>/*` for each host: a content script's matches, a host permission. */
export function matchPatterns(hosts: readonly string[]): string[] {
  return hosts.map((h) => `https://${h}/*`);
}

/** The scope key memories carry for a project-like scope: stable across renames (the id, never the name). */
export function scopeKey(site: string, id: string): string {
  return `project:${site}:${id}`;
}

/** The scope the page URL names, for a content script that has only its own site's object. */
export function urlScope(info: Pick<SiteInfo, 'site' | 'scope'>, url: URL): string | null {
  const ref = info.scope.fromUrl(url);
  return ref ? scopeKey(info.site, ref.id) : null;
}
