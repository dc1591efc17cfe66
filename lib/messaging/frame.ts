// Orders the background gives one preview frame (lib/background/preview-frames.ts, #11): sent with
// tabs.sendMessage to that frame's id only. The frame also hears every content script's runtime messages
// (Chromium delivers them to extension frames), so it acts only on a sender with no tab: the background.
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { PreviewOpen } from '../model/messages';

export type FrameOrder = { kind: 'open'; open: PreviewOpen } | { kind: 'close' };

export interface FrameProtocol {
  previewOrder(order: FrameOrder): { ok: true };
}

export const frameMessenger = defineExtensionMessaging<FrameProtocol>();
