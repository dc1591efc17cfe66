// The preview frame's way to its own chat tab (#5): the frame asks the background, and the background asks the
// tab the message came from. The frame needs no `tabs` API (Firefox gives none to an extension frame that a
// content script made: its test_ext_subframes_privileges.html) and cannot name another tab. What the tab
// answers is page data, so it is validated here.
import type { Handlers, Sender } from '../messages';
import { insertReply, pageContextReply } from '../tab-replies';

export interface TabChannel {
  pageContext(tabId: number): Promise<unknown>;
  insertText(tabId: number, text: string): Promise<unknown>;
  closePreview(tabId: number): Promise<unknown>;
}

type RelayHandlers = Pick<Handlers, 'previewPageContext' | 'previewInsertText' | 'previewClose'>;

/** The tab a message came from; the popup and options pages have none. */
function senderTab(sender: Sender): number {
  const id = sender.tab?.id;
  if (id === undefined || id < 0) throw new Error('The preview is not inside a chat tab.');
  return id;
}

export function previewRelay(tabs: TabChannel): RelayHandlers {
  return {
    previewPageContext: async (_req, sender) =>
      pageContextReply(await tabs.pageContext(senderTab(sender)).catch(() => null)),
    previewInsertText: async ({ text }, sender) =>
      insertReply(await tabs.insertText(senderTab(sender), text)),
    previewClose: async (_req, sender) => {
      await tabs.closePreview(senderTab(sender));
      return { ok: true };
    },
  };
}
