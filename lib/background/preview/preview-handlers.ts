// The preview frame's way to its own chat tab (#5), and the registry's messages (#11). The frame asks the
// background, and the background asks the tab the message came from: the frame needs no `tabs` API (Firefox
// gives none to an extension frame that a content script made: its test_ext_subframes_privileges.html) and
// cannot name another tab. Only the frame registered for that tab is answered (./preview-frames.ts); what the
// tab answers is page data, so it is validated here.
import type { HandlersFor } from '../../messaging/background';
import type { Sender } from '../../messaging/protocol';
import type { Site } from '../../model/site';
import { sendToTab } from '../../messaging/tab';
import { insertReply } from '../../messaging/tab-replies';
import { frames, tabOf, type PreviewFrames } from './preview-frames';
import { assertPageClaim } from '../shared/sender';

export interface TabChannel {
  /** Into the composer, from the preview frame: the tab checks that its frame is open and on screen. */
  insertText(tabId: number, text: string): Promise<unknown>;
  closePreview(tabId: number): Promise<unknown>;
}

type RelayHandlers = HandlersFor<
  'previewInsertText' | 'previewClose' | 'previewRegister' | 'previewShow' | 'previewHide' | 'previewHello'
>;

/** A content script speaks for its own tab's top frame and its own site (../shared/sender.ts). */
const fromChatPage = (sender: Sender, site: Site | null = null) => {
  if (sender.frameId !== undefined && sender.frameId !== 0) throw new Error('Not from the top frame.');
  if (site) assertPageClaim('previewShow', { site, url: sender.url ?? '' }, sender);
  return sender;
};

export function previewRelay(tabs: TabChannel, frames: PreviewFrames): RelayHandlers {
  return {
    previewInsertText: async ({ text }, sender) => {
      await frames.assertBound(sender);
      return insertReply(await tabs.insertText(tabOf(sender), text));
    },
    previewClose: async (_req, sender) => {
      await frames.assertBound(sender);
      await tabs.closePreview(tabOf(sender));
      return { ok: true };
    },
    previewRegister: async (_req, sender) => frames.register(fromChatPage(sender)),
    previewShow: async ({ context }, sender) => frames.show(context, fromChatPage(sender, context.site)),
    previewHide: async (_req, sender) => frames.hide(fromChatPage(sender)),
    previewHello: async ({ token }, sender) => frames.hello(token, sender),
  };
}

/** The relay as the background runs it: into the tab the frame sits in, by tabs.sendMessage. */
export const previewHandlers = previewRelay(
  {
    insertText: (tabId, text) => sendToTab('insertFromPreview', { text }, tabId),
    closePreview: (tabId) => sendToTab('closePreview', undefined, tabId),
  },
  frames,
);
