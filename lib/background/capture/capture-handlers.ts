// What a chat page reports (#3): its conversation's turns and how capture is doing, each checked against the
// tab that sent it (../shared/sender.ts, #11); and the status the popup asks for.
import type { HandlersFor } from '../../messaging/background';
import type { Sender } from '../../messaging/protocol';
import { conversationKey } from '../../model/keys';
import type { CaptureReply, CaptureRequest } from '../../model/messages';
import { siteOn, type Settings } from '../../model/settings';
import { readSettings } from '../../settings';
import { getTabStatus } from '../../store/status';
import { handleCapture } from './receive-capture';
import { forgetChat, markOfChat } from './private-chats';
import { assertPageClaim, siteOf } from '../shared/sender';
import { afterCapture } from '../pipeline/job-queue';
import { recordStatus } from './tab-status';
import { rememberTab } from './tab-conversations';
import { pageWordsNow } from '../../i18n/block-words';

/** After a stored capture: remember the tab's conversation, and schedule extraction when it settles (#4). */
async function followUp(req: CaptureRequest, sender: Sender, reply: CaptureReply, settings: Settings) {
  if (reply.skipped) return;
  const tabId = sender.tab?.id;
  if (tabId !== undefined) await rememberTab(tabId, conversationKey(req.site, req.conversationId));
  await afterCapture(req, reply.stored, settings.capture.idleDelaySec);
}

type CaptureMessages =
  | 'captureTurns'
  | 'reportCaptureStatus'
  | 'getCaptureStatus'
  | 'siteSwitch'
  | 'privacyMark'
  | 'forgetPrivateChat';

export const captureHandlers: HandlersFor<CaptureMessages> = {
  captureTurns: async (req, sender) => {
    assertPageClaim('captureTurns', req, sender);
    const settings = await readSettings();
    const reply = await handleCapture(req, sender, settings);
    await followUp(req, sender, reply, settings);
    return reply;
  },
  reportCaptureStatus: async (status, sender) => {
    assertPageClaim('reportCaptureStatus', status, sender);
    await recordStatus(status, sender, await readSettings());
    return { ok: true };
  },
  getCaptureStatus: async ({ tabId }) => getTabStatus(tabId),
  privacyMark: async (chat, sender) => {
    assertPageClaim('privacyMark', chat, sender);
    return markOfChat(chat);
  },
  // Obeyed whatever the settings say: forgetting is never refused (#34).
  forgetPrivateChat: async (chat, sender) => {
    assertPageClaim('forgetPrivateChat', chat, sender);
    return forgetChat(chat);
  },
  // The sender's own site, as the browser names it: a page cannot ask about another site.
  siteSwitch: async (_, sender) => {
    const site = siteOf(sender.url);
    return { on: site !== null && siteOn(await readSettings(), site), words: await pageWordsNow() };
  },
};
