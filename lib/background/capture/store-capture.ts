// A capture the privacy rule and the tab's budget allow, stored (#3, #25, #34); a refused one stores nothing and
// says what it carried. ./receive-capture.ts calls it once the person's settings allowed the capture.
import type { Sender } from '../../messaging/protocol';
import type { CaptureReply, CaptureRequest } from '../../model/messages';
import type { CaptureNotice } from '../../model/notice';
import { PRIVACY_MARKS, refusalOf, storeVerdict, type PrivacyMark } from '../../sites/privacy';
import type { SiteInfo } from '../../sites/site';
import { captureGrowth } from '../../store/capture-size';
import { recordsOfCapture } from '../../store/conversation-records';
import { privacyMark, saveIfAllowed } from '../../store/privacy';
import { chargeCapture } from './capture-limits';

/** Every mark the store may hold for a chat, and none. */
const MARKS: readonly (PrivacyMark | null)[] = [...PRIVACY_MARKS, null];

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
  const before = refusalOf(req.site, verdict(await privacyMark(write.conversation.key)));
  if (before) return refused(before);
  const complete = req.complete ?? false;
  const growth = await captureGrowth(write, complete);
  const limited = await chargeCapture(sender.tab?.id, write.conversation.key, growth, now.getTime());
  if (limited) return refused(limited);
  // Kept only where a later page read needs it: elsewhere the address or the page can vouch for the chat.
  const confirm = pageNeedsJson && req.strategy === 'api' && req.confirmed === true;
  // The marks under which the write may go ahead, as data: the store checks the one it reads inside the write's
  // transaction against them, without calling back into this module (#38: the capture's walk had one return).
  const allowed = new Set(MARKS.filter((mark) => verdict(mark) === 'ok'));
  const stored = await saveIfAllowed(write, complete, allowed, confirm);
  // A "this is private" committed between the check above and the write.
  if (stored === null) return refused({ code: 'private-chat' });
  return { stored, seen: req.turns.length, skipped: null };
}
