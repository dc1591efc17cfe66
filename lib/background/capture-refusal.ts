// Shared by capture (which refuses to store) and status (which reports the refusal): its own module so that
// neither imports the other (#26).
import type { CaptureRequest } from '../model/messages';
import type { Settings } from '../model/settings';
import type { Sender } from '../messages';
import { ADAPTERS } from '../sites/adapters';
import { SITE_LABELS } from '../sites/registry';

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
