import type { CaptureReply, CaptureRequest } from '../model/messages';
import type { Settings } from '../model/settings';
import { saveCapture, type CaptureWrite } from '../store/conversations';
import type { Sender } from '../messages';
import { scopeOfUrl } from '../sites/projects';
import { captureRefusal } from './capture-refusal';
import { toWrite } from './import';
import { recordStatus, statusOfCapture } from './status';

/** A capture is the visible branch in page order; it becomes records the same way an import does. */
export function toRecords(req: CaptureRequest, now: Date): CaptureWrite {
  const at = now.toISOString();
  const health = {
    strategy: req.strategy,
    turnsSeen: req.turns.length,
    turnsStored: req.turns.length,
    lastError: req.note ?? null,
    checkedAt: at,
  };
  const { site, conversationId: id, url, title, turns } = req;
  // The project the URL names, so the manager can offer it as a scope (lib/sites/projects.ts).
  const scope = scopeOfUrl(site, new URL(url));
  return toWrite({ site, id, url, title, turns, health, scope }, at);
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
        stored: await saveCapture(toRecords(req, now), req.complete ?? false),
        seen: req.turns.length,
        skipped: null,
      };
  await recordStatus(statusOfCapture(req, reply, now), sender, settings);
  return reply;
}
