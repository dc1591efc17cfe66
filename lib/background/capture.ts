// A chat page's capture (#3) becomes stored records, unless the person's settings refuse it; either way the
// tab's status says what happened.
import type { Sender } from '../messaging/protocol';
import type { CaptureReply, CaptureRequest } from '../model/messages';
import type { Settings } from '../model/settings';
import { recordsOfCapture } from '../store/conversation-records';
import { saveCapture } from '../store/conversations';
import { captureRefusal, recordStatus, statusOfCapture } from './status';

export async function handleCapture(
  req: CaptureRequest,
  sender: Sender,
  settings: Settings,
  now = new Date(),
): Promise<CaptureReply> {
  const refusal = captureRefusal(settings, req, sender);
  const reply = refusal
    ? { stored: 0, seen: req.turns.length, skipped: refusal }
    : {
        stored: await saveCapture(recordsOfCapture(req, now), req.complete ?? false),
        seen: req.turns.length,
        skipped: null,
      };
  await recordStatus(statusOfCapture(req, reply, now), sender, settings);
  return reply;
}
