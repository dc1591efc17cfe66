// What a chat tab answers is page data: the popup (components/popup/recall.ts) and the preview frame's relay
// in the background read it through these, validated the same way. Not in ./tab.ts, which the content script
// bundles: the schemas would not fit its 50 kB budget.
import { InsertTextReply, PageContext } from '../model/messages';

/** The tab's page context, or null for anything that is not one (no chat, an error, a forged reply). */
export function pageContextReply(reply: unknown): PageContext | null {
  const parsed = PageContext.safeParse(reply);
  return parsed.success ? parsed.data : null;
}

export function insertReply(reply: unknown): InsertTextReply {
  const parsed = InsertTextReply.safeParse(reply);
  return parsed.success ? parsed.data : { ok: false, message: 'The chat page gave no answer.' };
}
