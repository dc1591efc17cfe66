// A capture the privacy rule and the tab's budget allow, stored (#3, #25, #34); a refused one stores nothing and
// says what it carried. ./receive-capture.ts calls it once the person's settings allowed the capture.
import type { Sender } from '../../messaging/protocol';
import type { CaptureReply, CaptureRequest } from '../../model/messages';
import type { CaptureNotice } from '../../model/notice';
import type { Site } from '../../model/site';
import { storeVerdict, type PrivacyMark, type Verdict } from '../../sites/privacy';
import type { SiteInfo } from '../../sites/site';
import { captureGrowth } from '../../store/capture-size';
import { recordsOfCapture } from '../../store/conversation-records';
import { privacyMark, saveIfAllowed } from '../../store/privacy';
import { chargeCapture } from './capture-limits';

/** Stores a capture the rule and the tab's budget allow; a refused one stores nothing and says what it carried. */
export async function storeWithinLimits(
  req: CaptureRequest,
  { pageNeedsJson }: Pick<SiteInfo, 'pageNeedsJson'>,
  sender: Sender,
  now: Date,
): Promise<CaptureReply> {
  const write = recordsOfCapture(req, now);
  const refused = (skipped: CaptureNotice) => ({ stored: 0, seen: req.turns.length, skipped });
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

/** Why the rule refuses a capture, as the tab's status says it (#37: a code), or null when it allows it. */
function privacyRefusal(site: Site, verdict: Verdict): CaptureNotice | null {
  if (verdict === 'private') return { code: 'private-chat' };
  if (verdict === 'ok') return null;
  return { code: 'unconfirmed', site };
}
