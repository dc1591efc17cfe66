// Messages the background sends to one tab's content script: only the page can read the site's data with the
// user's session (#3). Replies are page data, so the background validates them (lib/model/messages.ts).
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { VendorMemories } from './model/messages';

export interface TabProtocol {
  readVendorMemories(): VendorMemories;
}

export const tabMessenger = defineExtensionMessaging<TabProtocol>();
