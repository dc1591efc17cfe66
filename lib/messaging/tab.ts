// What a chat tab's content script answers: the site's saved memories read with the user's session (#3), and
// the insert preview, page context and insertion for the shortcut, the popup and the preview frame (#5), and the
// site switch (#24). Only this extension's pages (the background, the popup) may ask: each request is parsed with
// its schema and its sender checked before the page acts (#38). The map holds request schemas alone: replies are
// page data, validated by whoever asked (./tab-replies.ts), and their schemas would not fit chat.js's 50 kB.
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { z } from 'zod/mini';
import type { InsertTextReply, Ok, PageContext, VendorMemories } from '../model/messages';
import { InsertTextRequest, NoData, SiteSwitch } from '../model/tab-messages';
import { fromExtension, receive, type OnMessage, type Requests, type Self } from './protocol';

export const tabRequests = {
  readVendorMemories: NoData,
  openInsertPreview: NoData,
  pageContext: NoData,
  /** The popup's confirm. */
  insertText: InsertTextRequest,
  /** The preview frame's confirm, relayed by the background: refused unless the frame is open and on screen. */
  insertFromPreview: InsertTextRequest,
  /** The preview frame (entrypoints/preview), relayed by the background: hide it, focus the composer. */
  closePreview: NoData,
  /** The person switched this tab's site on or off (Settings → Sites, #24), or changed language (#37). */
  siteSwitched: SiteSwitch,
} as const satisfies Requests;

/** What the tab answers, typed from the schemas its askers validate it with. */
export interface TabReplies {
  readVendorMemories: z.output<typeof VendorMemories>;
  openInsertPreview: z.output<typeof Ok>;
  pageContext: z.output<typeof PageContext> | null;
  insertText: z.output<typeof InsertTextReply>;
  insertFromPreview: z.output<typeof InsertTextReply>;
  closePreview: z.output<typeof Ok>;
  siteSwitched: z.output<typeof Ok>;
}

type Tab = typeof tabRequests;
export type TabType = keyof Tab;
export type TabMap = { [K in TabType]: (data: z.input<Tab[K]>) => TabReplies[K] };
export type TabHandler<K extends TabType> = (
  data: z.output<Tab[K]>,
) => TabReplies[K] | Promise<TabReplies[K]>;
/** Serves one message with its handler; returns the stop. */
export type TabReceiver = <K extends TabType>(type: K, handle: TabHandler<K>) => () => void;

const messenger = defineExtensionMessaging<TabMap>();

/** sendToTab(type, data, tabId) */
export const sendToTab = messenger.sendMessage;

/**
 * How the content script answers: each message from `self`'s own pages only, parsed with its schema; a request
 * from anyone else, or one its schema refuses, rejects at its sender and the page does nothing.
 */
export function tabReceiver(self: Self, onMessage = messenger.onMessage as OnMessage): TabReceiver {
  return (type, handle) =>
    receive(tabRequests, type, (sender) => fromExtension(sender, self), handle, onMessage);
}
