// A conversation is keyed by its site and the site's own id (`claude:4b1c…`), unique across sites; a turn's key
// adds the site's turn id. Built and read only here: the same key was spelled out in seven places and split in
// three (#26), and a place that disagreed would silently miss a conversation.
import { Site } from './site';

export function conversationKey(site: Site, id: string): string {
  return `${site}:${id}`;
}

export function turnKey(conversationKey: string, turnId: string): string {
  return `${conversationKey}:${turnId}`;
}

/** The site and the site's own id, or null for a string that is not a conversation key. */
export function parseConversationKey(key: string): { site: Site; id: string } | null {
  const colon = key.indexOf(':');
  const site = Site.safeParse(key.slice(0, colon));
  return colon > 0 && site.success ? { site: site.data, id: key.slice(colon + 1) } : null;
}
