// The preview frame's side of InsertPreview: the page context comes with the background's open order; insertion
// and close go to its own tab, through the background, which knows the tab from the sender and answers only the
// frame it registered there (lib/background/preview/preview-frames.ts, #11); the recall preview comes from the
// background. The content script never sees the lines, only the final block.
import type { InsertTextReply, PageContext, RecallReply, RecallRequest } from '../../lib/model/messages';

/** bench:recall reads this User Timing mark from the frame: click → preview ready (test/e2e/insert-latency.ts). */
export const READY_MARK = 'engram:preview-ready';
/** …and this one: click → confirm enabled (the frame has been plainly on screen for VISIBLE_MS). */
export const CONFIRM_MARK = 'engram:preview-confirm-enabled';

export interface FrameChannels {
  insertText(text: string): Promise<InsertTextReply>;
  closePreview(): Promise<unknown>;
  recall(req: RecallRequest): Promise<RecallReply>;
  /** True when recall can only quote past chats (no model chosen, #13). */
  pastChatsOnly?(): Promise<boolean>;
}

/** Stable functions for InsertPreview's effect; `onClosed` clears the preview before the tab hides the frame. */
export function frameRecall(
  channels: FrameChannels,
  context: PageContext,
  onClosed: () => void = () => undefined,
) {
  // Cleared first: the tab may show the frame again the moment it hid it, and the old lines must not be there to
  // click (a Remove landed on the last preview's list in insert.e2e, then the fresh one replaced it; CI run).
  const close = async () => {
    onClosed();
    await channels.closePreview().catch(() => undefined);
  };
  return {
    context: async () => context,
    recall: (req: RecallRequest) => channels.recall(req),
    pastChatsOnly: channels.pastChatsOnly?.bind(channels),
    insert: async (text: string): Promise<InsertTextReply> => {
      const reply = await channels.insertText(text);
      // Closed only once the text landed: a failure ("No chat box found") stays on screen to be read.
      if (reply.ok) await close();
      return reply;
    },
    close,
  };
}
