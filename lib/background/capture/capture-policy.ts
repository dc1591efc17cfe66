// Why a capture is refused before anything is read from the store: what only the background knows (the person's
// pause and site switches, incognito, the site's temporary chats), for a capture and a tab's reported status
// alike (#38: it sat among the status writers and ran twice per capture). A code a page words (#37). What the
// privacy rule refuses needs the chat's stored mark: ./store-capture.ts.
import type { Sender } from '../../messaging/protocol';
import type { CaptureRequest } from '../../model/messages';
import type { CaptureNotice } from '../../model/notice';
import { siteOn, type Settings } from '../../model/settings';
import { siteInfo } from '../../sites/registry';
import type { SiteInfo } from '../../sites/site';

/**
 * Why a capture is refused before anything is stored, or null when it may be stored: what the background alone
 * knows (the person's pause and per-site switches, incognito, the site's private chats), obeyed by a capture
 * and by a reported status alike. A code the page words (#37).
 */
export function captureRefusal(
  settings: Settings,
  req: Pick<CaptureRequest, 'site' | 'url'>,
  sender: Sender,
  { isPrivate }: Pick<SiteInfo, 'isPrivate'> = siteInfo(req.site),
): CaptureNotice | null {
  if (settings.capture.paused) return { code: 'capture-paused' };
  if (!siteOn(settings, req.site)) return { code: 'site-off', site: req.site };
  if (sender.tab?.incognito && !settings.capture.allowIncognito) return { code: 'incognito' };
  // Defence in depth: the content script never sends these, but a page could try (#3 private-chat rules).
  if (isPrivate(new URL(req.url))) return { code: 'temporary-chat' };
  return null;
}
