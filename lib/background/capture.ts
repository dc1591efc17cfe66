import type { CaptureReply, CaptureRequest } from '../model/messages';
import type { Settings } from '../model/settings';
import { recordsOfCapture } from '../store/conversation-records';
import { saveCapture } from '../store/conversations';
import type { Sender } from '../messaging/protocol';
import { ADAPTERS } from '../sites/adapters';
import { SITE_LABELS } from '../sites/registry';
import { recordStatus, statusOfCapture } from './status';

/** Why a capture is refused before anything is stored, or null when it may be stored. */
export function captureRefusal(
  settings: Settings,
  req: Pick<CaptureRequest, 'site' | 'url'>,
  sender: Sender,
): string | null {
  if (settings.capture.paused) return 'Capture is paused';
  if (!settings.capture.sites[req.site]) return `Capture is off for ${SITE_LABELS[req.site]}`;
  if (sender.tab?.incognito && !settings.capture.allowIncognito) return 'Incognito windows are not captured';
  // Defence in depth: the content script never sends these, but a page could try (#3 private-chat rules).
  if (ADAPTERS[req.site].isPrivate(new URL(req.url))) return 'Temporary chats are never captured';
  return null;
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
    : {
        stored: await saveCapture(recordsOfCapture(req, now), req.complete ?? false),
        seen: req.turns.length,
        skipped: null,
      };
  await recordStatus(statusOfCapture(req, reply, now), sender, settings);
  return reply;
}
