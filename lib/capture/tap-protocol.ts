// The one message the MAIN-world tap sends to the isolated content script (#3). Kept free of zod: this file is
// bundled into the page's own world, which must stay tiny (STYLE.md avoid 2).
import { defineWindowMessaging } from '@webext-core/messaging/page';

export interface ReplyFinished {
  conversationId: string | null;
}

export interface TapProtocol {
  replyFinished(data: ReplyFinished): void;
}

export const tapMessenger = defineWindowMessaging<TapProtocol>({ namespace: 'engram-fetch-tap' });
