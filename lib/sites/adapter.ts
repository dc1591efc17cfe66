import type { InsertResult } from '../inject/insert';
import type { Site } from '../model/site';
import type { ApiResult, FetchJson, VendorMemoriesResult } from './api-types';
import type { ParsedTurn } from './types';

/**
 * Everything site-specific that capture and insertion need. One object per site, same shape. `S` lets a site's
 * folder build its adapter before the site joins the `Site` enum (#24: Gemini, Perplexity, DeepSeek and Le Chat
 * are built first and wired in a second step); once it joins, `SiteAdapter<'gemini'>` is a `SiteAdapter`.
 */
export interface SiteAdapter<S extends string = Site> {
  site: S;
  /** The site's conversation id from a page URL, or null on pages that are not a saved conversation. */
  conversationId(url: URL): string | null;
  /** True for chats the site itself promises not to remember (Temporary Chat, incognito), from the URL. */
  isPrivate(url: URL): boolean;
  /**
   * The same promise where only the page shows it (Gemini's temporary chat keeps the plain /app URL, #24).
   * Checked by the content script beside `isPrivate`; the background, which has no page, checks the URL only.
   */
  isPrivatePage(root: ParentNode): boolean;
  parseTurns(root: ParentNode): ParsedTurn[];
  isStreaming(root: ParentNode): boolean;
  findThread(root: ParentNode): Element | null;
  findComposer(root: ParentNode): HTMLElement | null;
  /**
   * Types the memory block into the composer where insert.ts's contenteditable path does not reach it (DeepSeek's
   * <textarea>, lib/inject/textarea.ts). Absent: insert.ts. A per-site field so other content scripts stay small.
   */
  insert?(composer: HTMLElement, block: string): InsertResult;
  /** The site's own conversation JSON, from the page's origin with the user's session (#3). */
  fetchConversation(fetchJson: FetchJson, id: string, cookie: string): Promise<ApiResult>;
  /** True when the page mounts only a window of the thread, so a DOM read is not the whole branch. */
  isWindowed(root: ParentNode): boolean;
  /** The memories the vendor saved about the user, for an import the user asked for (#3). */
  fetchMemories(fetchJson: FetchJson, cookie: string): Promise<VendorMemoriesResult>;
}
