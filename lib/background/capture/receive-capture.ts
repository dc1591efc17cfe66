// A chat page's capture (#3) becomes stored records, unless the person's settings refuse it, the privacy rule does
// (lib/sites/privacy.ts, #34), or the tab is past its limits (capture-budget.ts, #25); either way the tab's status
// says what happened.
import type { Sender } from '../../messaging/protocol';
import type { CaptureReply, CaptureRequest } from '../../model/messages';
import type { CaptureNotice } from '../../model/notice';
import type { Settings } from '../../model/settings';
import { storeVerdict, type PrivacyMark } from '../../sites/privacy';
import { siteInfo } from '../../sites/registry';
import { captureGrowth } from '../../store/capture-size';
import { recordsOfCapture } from '../../store/conversation-records';
import { privacyMark, saveIfAllowed } from '../../store/privacy';
import { chargeCapture } from './capture-limits';
import { privacyRefusal } from './private-chats';
import { captureRefusal, recordStatus, statusOfCapture } from './tab-status';

/** Stores a capture the rule and the tab's budget allow; a refused one stores nothing and says what it carried. */
async function storeWithinLimits(req: CaptureRequest, sender: Sender, now: Date): Promise<CaptureReply> {
  const write = recordsOfCapture(req, now);
  const refused = (skipped: CaptureNotice) => ({ stored: 0, seen: req.turns.length, skipped });
  const { pageNeedsJson } = siteInfo(req.site);
  const verdict = (mark: PrivacyMark | null) => storeVerdict(req.strategy, pageNeedsJson, mark);
  const before = privacyRefusal(req.site, verdict(await privacyMark(write.conversation.key)));
  if (before) return refused(before);
  const complete = req.complete ?? false;
  const growth = await captureGrowth(write, complete);
  const limited = await chargeCapture(sender.tab?.id, write.conversation.key, growth, now.getTime());
  if (limited) return refused(limited);
  // Kept only where a later page read needs it: elsewhere the address or the page can vouch for the chat.
  const confirm = pageNeedsJson && req.strategy === 'api' && req.confirmed === true;
  const stored = await saveIfAllowed(write, complete, (mark) => verdict(mark) === 'ok', confirm);
  // A "this is private" committed between the check above and the write.
  if (stored === null) return refused({ code: 'private-chat' });
  return { stored, seen: req.turns.length, skipped: null };
}

export async function handleCapture(
  req: CaptureRequest,
  sender: Sender,
  settings: Settings,
  now = new Date(),
): Promise<CaptureReply> {
  const refusal = captureRefusal(settings, req, sender);
  const reply = refusal
    ? { stored: 0, seen: req.turns.length, skipped: refusal }
    : await storeWithinLimits(req, sender, now);
  await recordStatus(statusOfCapture(req, reply, now), sender, settings, now.getTime());
  return reply;
}
