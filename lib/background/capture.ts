import type { CaptureReply, CaptureRequest } from '../model/messages';
import type { Conversation, Turn } from '../model/records';
import type { Settings } from '../model/settings';
import { saveCapture } from '../store/conversations';
import type { Sender } from '../messages';
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

export function toRecords(req: CaptureRequest, now: Date): { conversation: Conversation; turns: Turn[] } {
  const at = now.toISOString();
  const key = `${req.site}:${req.conversationId}`;
  const turns: Turn[] = req.turns.map((t, order) => ({
    key: `${key}:${t.id}`,
    conversationKey: key,
    id: t.id,
    role: t.role,
    text: t.text,
    createdAt: t.createdAt,
    order,
    superseded: false,
    capturedAt: at,
  }));
  const conversation: Conversation = {
    key,
    site: req.site,
    id: req.conversationId,
    url: req.url,
    title: req.title,
    scope: null,
    createdAt: null,
    updatedAt: at,
    health: {
      strategy: req.strategy,
      turnsSeen: req.turns.length,
      turnsStored: turns.length,
      lastError: req.note ?? null,
      checkedAt: at,
    },
  };
  return { conversation, turns };
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
