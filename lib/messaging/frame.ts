// What the preview frame answers: the orders the background gives one frame (lib/background/preview/preview-frames.ts,
// #11), sent with tabs.sendMessage to that frame's id only. The frame also hears every content script's runtime
// messages (Chromium delivers them to extension frames), so it takes orders from the background alone, each
// parsed with its schema before the frame acts (#38).
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { z } from 'zod/mini';
import { FrameOrder, type Ok } from '../model/messages';
import { receive, type OnMessage, type Requests, type Self } from './protocol';

export const frameRequests = { previewOrder: FrameOrder } as const satisfies Requests;

interface FrameMap {
  previewOrder(order: z.input<typeof FrameOrder>): z.output<typeof Ok>;
}

const messenger = defineExtensionMessaging<FrameMap>();

/** The background's order to the frame `frameId` of tab `tabId`; rejects when that frame does not answer. */
export function sendFrameOrder(tabId: number, frameId: number, order: FrameOrder): Promise<{ ok: true }> {
  return messenger.sendMessage('previewOrder', order, { tabId, frameId });
}

interface OrderSender {
  id?: string;
  url?: string;
  tab?: unknown;
}

/** Only the background gives orders: it has no tab, and it is this extension at its own origin. */
export const fromBackground = (sender: OrderSender, self: Self): boolean =>
  !sender.tab && sender.id === self.id && sender.url?.startsWith(self.origin) === true;

/**
 * Calls `handle` with each order from the background that its schema parses; anything else is refused (the
 * sender's promise rejects) and the frame opens nothing. Returns the stop.
 */
export function onFrameOrder(
  handle: (order: FrameOrder) => void,
  self: Self,
  onMessage = messenger.onMessage as OnMessage,
): () => void {
  return receive(
    frameRequests,
    'previewOrder',
    (sender) => fromBackground(sender, self),
    (order) => {
      handle(order);
      return { ok: true as const };
    },
    onMessage,
  );
}
