// The preview frame's side of InsertPreview: it speaks to the tab it sits in (page context, insertion, close)
// and to the background (the recall preview). The content script never sees the lines, only the final block.
import type { InsertTextReply, PageContext, RecallReply, RecallRequest } from '../../lib/model/messages';

/** bench:recall reads this User Timing mark from the frame: click → confirm ready (test/e2e/insert-latency.ts). */
export const READY_MARK = 'engram:preview-ready';

export interface FrameChannels {
  /** The frame's own tab: `tabs.getCurrent()` in an extension frame inside a tab (test/e2e/insert.e2e.ts). */
  currentTab(): Promise<number | null>;
  pageContext(tabId: number): Promise<PageContext | null>;
  insertText(tabId: number, text: string): Promise<InsertTextReply>;
  closePreview(tabId: number): Promise<unknown>;
  recall(req: RecallRequest): Promise<RecallReply>;
}

/** Stable functions for InsertPreview's effect; `onClosed` clears the preview once the tab hid the frame. */
export function frameRecall(channels: FrameChannels, onClosed: () => void = () => undefined) {
  let tab: Promise<number | null> | null = null;
  const tabId = () => (tab ??= channels.currentTab().catch(() => null));
  const close = async () => {
    const id = await tabId();
    if (id !== null) await channels.closePreview(id).catch(() => undefined);
    onClosed();
  };
  return {
    context: async () => {
      const id = await tabId();
      return id === null ? null : channels.pageContext(id).catch(() => null);
    },
    recall: (req: RecallRequest) => channels.recall(req),
    insert: async (text: string): Promise<InsertTextReply> => {
      const id = await tabId();
      if (id === null) return { ok: false, message: 'This preview is not inside a chat tab.' };
      const reply = await channels.insertText(id, text);
      // Closed only once the text landed: a failure ("No chat box found") stays on screen to be read.
      if (reply.ok) await close();
      return reply;
    },
    close,
  };
}
