import { sendMessage } from '../../lib/messaging/send';
import type { RecallRequest } from '../../lib/model/messages';
import { sendToTab } from '../../lib/messaging/tab';
import { insertReply, pageContextReply } from '../../lib/messaging/tab-replies';
import { pastChatsOnly } from '../shared/NoModelNote';
import { targetTab } from './target-tab';

// Stable functions for InsertPreview's effect; they reach the chat tab through its content script (#5), whose
// replies are validated like the preview frame's (lib/messaging/tab-replies.ts).
export const popupRecall = {
  context: async () => {
    const id = await targetTab();
    if (id === null) return null;
    return pageContextReply(await sendToTab('pageContext', undefined, id).catch(() => null));
  },
  recall: (req: RecallRequest) => sendMessage('recallPreview', req),
  insert: async (text: string) => {
    const id = await targetTab();
    if (id === null) return { ok: false, message: 'No chat tab is active.' };
    return insertReply(await sendToTab('insertText', { text }, id));
  },
  pastChatsOnly,
};
