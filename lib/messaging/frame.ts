// What the preview frame answers: the orders the background gives one frame (lib/background/preview/preview-frames.ts,
// #11), sent with tabs.sendMessage to that frame's id only. The frame also hears every content script's runtime
// messages (Chromium delivers them to extension frames), so it acts only on the background's.
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { PreviewOpen } from '../model/messages';

export type FrameOrder = { kind: 'open'; open: PreviewOpen } | { kind: 'close' };

interface FrameProtocol {
  previewOrder(order: FrameOrder): { ok: true };
}

const messenger = defineExtensionMessaging<FrameProtocol>();

/** The background's order to the frame `frameId` of tab `tabId`; rejects when that frame does not answer. */
export function sendFrameOrder(tabId: number, frameId: number, order: FrameOrder): Promise<{ ok: true }> {
  return messenger.sendMessage('previewOrder', order, { tabId, frameId });
}

export interface Self {
  /** The extension's id and its origin (runtime.getURL('/')). */
  id: string;
  origin: string;
}

interface OrderSender {
  id?: string;
  url?: string;
  tab?: unknown;
}

/** Only the background gives orders: it has no tab, and it is this extension at its own origin. */
export const fromBackground = (sender: OrderSender, self: Self): boolean =>
  !sender.tab && sender.id === self.id && sender.url?.startsWith(self.origin) === true;

/** Calls `handle` with each order from the background; anything else is answered and ignored. */
export function onFrameOrder(handle: (order: FrameOrder) => void, self: Self): () => void {
  return messenger.onMessage('previewOrder', ({ data, sender }) => {
    if (fromBackground(sender, self)) handle(data);
    return { ok: true as const };
  });
}
