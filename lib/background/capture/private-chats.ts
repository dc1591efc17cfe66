// Chats the site promised not to remember (#34). A chat page asks what the background keeps of a chat before it
// reads one (`privacyMark`), and says when one turns out private (`forgetPrivateChat`): by its address or page, by
// the request that asked, or by the site's JSON, before or long after Engram stored it. Forgetting removes
// everything of it at once (lib/store/privacy.ts) and the capture problems that name it; Activity lists it.
// A page may speak only for its own tab, site and origin (../shared/sender.ts), so a page can make Engram forget its own
// site's chats and nothing else; it can never make Engram keep anything.
import { conversationKey } from '../../model/keys';
import type { ChatRef } from '../../model/messages';
import type { CaptureNotice } from '../../model/notice';
import type { Site } from '../../model/site';
import type { Verdict } from '../../sites/privacy';
import { forgetPrivateChat, privacyMark } from '../../store/privacy';
import { dropCaptureProblems } from '../../store/status';

/** Why the rule refuses a capture, as the tab's status says it (#37: a code), or null when it allows it. */
export function privacyRefusal(site: Site, verdict: Verdict): CaptureNotice | null {
  if (verdict === 'private') return { code: 'private-chat' };
  if (verdict === 'ok') return null;
  return { code: 'unconfirmed', site };
}

export const markOfChat = async (chat: ChatRef) => ({
  mark: await privacyMark(conversationKey(chat.site, chat.conversationId)),
});

export async function forgetChat(chat: ChatRef, now = new Date()): Promise<{ ok: true }> {
  const key = conversationKey(chat.site, chat.conversationId);
  await forgetPrivateChat(key, chat.site, chat.conversationId, now);
  await dropCaptureProblems(chat.site, chat.conversationId);
  return { ok: true };
}
