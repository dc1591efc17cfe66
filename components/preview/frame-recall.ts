// The preview frame's side of InsertPreview: the page context, insertion and close go to its own tab, through
// the background, which knows the tab from the sender (lib/background/preview-relay.ts); the recall preview
// comes from the background. The content script never sees the lines, only the final block.
import type { InsertTextReply, PageContext, RecallReply, RecallRequest } from '../../lib/model/messages';

/** bench:recall reads this User Timing mark from the frame: click → confirm ready (test/e2e/insert-latency.ts). */
export const READY_MARK = 'engram:preview-ready';

export interface FrameChannels {
  pageContext(): Promise<PageContext | null>;
  insertText(text: string): Promise<InsertTextReply>;
  closePreview(): Promise<unknown>;
  recall(req: RecallRequest): Promise<RecallReply>;
}

/** Stable functions for InsertPreview's effect; `onClosed` clears the preview before the tab hides the frame. */
export function frameRecall(channels: FrameChannels, onClosed: () => void = () => undefined) {
  // Cleared first: the tab may show the frame again the moment it hid it, and the old lines must not be there to
  // click (a Remove landed on the last preview's list in insert.e2e, then the fresh one replaced it; CI run).
  const close = async () => {
    onClosed();
    await channels.closePreview().catch(() => undefined);
  };
  return {
    context: () => channels.pageContext().catch(() => null),
    recall: (req: RecallRequest) => channels.recall(req),
    insert: async (text: string): Promise<InsertTextReply> => {
      const reply = await channels.insertText(text);
      // Closed only once the text landed: a failure ("No chat box found") stays on screen to be read.
      if (reply.ok) await close();
      return reply;
    },
    close,
  };
}
