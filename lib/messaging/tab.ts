// Messages the extension sends into one chat tab's content script: the site's saved memories read with the
// user's session (#3), and the insert preview, page context and insertion for the shortcut, the popup and the
// preview frame (#5).
// Only the extension can reach a content script this way; the page cannot. Replies are page data, so the
// background validates them (lib/model/messages.ts), and the content script parses what it receives.
// Kept apart from lib/messages.ts so a content script does not bundle the whole protocol (50 kB budget).
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { z } from 'zod/mini';
import type { InsertTextReply, InsertTextRequest, PageContext, VendorMemories } from '../model/messages';

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
}

export const tabMessenger = defineExtensionMessaging<TabProtocol>();

/** sendToTab(type, data, tabId) */
export const sendToTab = tabMessenger.sendMessage;
export const onTabMessage = tabMessenger.onMessage;
