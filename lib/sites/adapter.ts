import type { InsertResult } from '../inject/insert';
import type { Site } from '../model/site';
import type { ApiResult, FetchJson, VendorMemoriesResult } from './api-types';
import type { SiteCore } from './site';
import type { ParsedTurn } from './types';

/**
 * Everything site-specific that capture and insertion need: the core of the site's registry entry (./site.ts)
 * and what reads its pages. One object per site, same shape, built in the site's folder (`<site>/adapter.ts`)
 * and passed by its entrypoint, so a chat page bundles only its own site's parsers.
 */
export interface SiteAdapter<S extends string = Site> extends SiteCore<S> {
  /**
   * The same promise where only the page shows it (Gemini's temporary chat keeps the plain /app URL, #24).
   * Checked by the content script beside `isPrivate`; the background, which has no page, checks the URL only.
   */
  isPrivatePage(root: ParentNode): boolean;
  /**
   * The page shows a thread the person did not write and cannot write in (Kimi's share page, a read-only Meta AI
   * thread, #36 with #34 item 2): nothing of it is ever captured, whatever its URL says.
   */
  isSharedView(root: ParentNode): boolean;
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
