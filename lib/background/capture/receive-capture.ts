// A chat page's capture (#3) becomes stored records, unless the person's settings refuse it, the privacy rule does
// (lib/sites/privacy.ts, #34), or the tab is past its limits (capture-budget.ts, #25); either way the tab's status
// says what happened. One pass, each step in its own file: the site's facts, the policy, the store, the status.
import type { Sender } from '../../messaging/protocol';
import type { CaptureReply, CaptureRequest } from '../../model/messages';
import type { Settings } from '../../model/settings';
import { siteInfo } from '../../sites/registry';
import { captureRefusal } from './capture-policy';
import { storeWithinLimits } from './store-capture';
import { saveStatus, statusOfCapture } from './tab-status';

export async function handleCapture(
  req: CaptureRequest,
  sender: Sender,
  settings: Settings,
  now = new Date(),
): Promise<CaptureReply> {
  const info = siteInfo(req.site);
  const refusal = captureRefusal(settings, req, sender, info);
  const reply = refusal
    ? { stored: 0, seen: req.turns.length, skipped: refusal }
    : await storeWithinLimits(req, info, sender, now);
  const status = statusOfCapture(req, reply, now);
  await saveStatus(status, sender);
  return reply;
}
