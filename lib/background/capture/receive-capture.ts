// A chat page's capture (#3) becomes stored records, unless the person's settings refuse it, or the tab is past its
// limits (capture-budget.ts, #25); either way the tab's status says what happened.
import type { Sender } from '../../messaging/protocol';
import type { CaptureReply, CaptureRequest } from '../../model/messages';
import type { Settings } from '../../model/settings';
import { captureGrowth } from '../../store/capture-size';
import { recordsOfCapture } from '../../store/conversation-records';
import { saveCapture } from '../../store/conversations';
import { chargeCapture } from './capture-limits';
import { captureRefusal, recordStatus, statusOfCapture } from './tab-status';

/** Stores a capture the tab's budget allows; a refused one stores nothing and says what it carried. */
async function storeWithinLimits(req: CaptureRequest, sender: Sender, now: Date): Promise<CaptureReply> {
  const write = recordsOfCapture(req, now);
  const complete = req.complete ?? false;
  const growth = await captureGrowth(write, complete);
  const limited = await chargeCapture(sender.tab?.id, write.conversation.key, growth, now.getTime());
  if (limited) return { stored: 0, seen: req.turns.length, skipped: limited };
  return { stored: await saveCapture(write, complete), seen: req.turns.length, skipped: null };
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
