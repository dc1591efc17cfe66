import { sendMessage } from '../../lib/messages';
import type { RecallRequest } from '../../lib/model/messages';
import { sendToTab } from '../../lib/tab-messages';
import { targetTab } from './target-tab';

// Stable functions for InsertPreview's effect; they reach the chat tab through its content script (#5).
export const popupRecall = {
  context: async () => {
    const id = await targetTab();
    if (id === null) return null;
    return sendToTab('pageContext', undefined, id).catch(() => null);
  },
  recall: (req: RecallRequest) => sendMessage('recallPreview', req),
  insert: async (text: string) => {
    const id = await targetTab();
    if (id === null) return { ok: false, message: 'No chat tab is active.' };
    return sendToTab('insertText', { text }, id);
  },
};
