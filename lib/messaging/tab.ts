// What a chat tab's content script answers: the site's saved memories read with the user's session (#3), and
// the insert preview, page context and insertion for the shortcut, the popup and the preview frame (#5).
// Only the extension can reach a content script this way (tabs.sendMessage); the page cannot. Types only, no
// schemas, so the content script's bundle stays small (50 kB budget): it checks what it receives cheaply, and
// its replies, page data, are validated by whoever asked (./tab-replies.ts).
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { z } from 'zod/mini';
import type {
  InsertTextReply,
  InsertTextRequest,
  PageContext,
  SiteSwitch,
  VendorMemories,
} from '../model/messages';

export interface TabProtocol {
  readVendorMemories(): VendorMemories;
  openInsertPreview(): { ok: true };
  pageContext(): PageContext | null;
  /** The popup's confirm. */
  insertText(data: z.input<typeof InsertTextRequest>): InsertTextReply;
  /** The preview frame's confirm, relayed by the background: refused unless the frame is open and on screen. */
  insertFromPreview(data: z.input<typeof InsertTextRequest>): InsertTextReply;
  /** The preview frame (entrypoints/preview), relayed by the background: hide it, focus the composer. */
  closePreview(): { ok: true };
  /** The person switched this tab's site on or off (Settings → Sites, #24), or changed language (#37). */
  siteSwitched(data: z.input<typeof SiteSwitch>): { ok: true };
}

const messenger = defineExtensionMessaging<TabProtocol>();

/** sendToTab(type, data, tabId) */
export const sendToTab = messenger.sendMessage;
export const onTabMessage = messenger.onMessage;
