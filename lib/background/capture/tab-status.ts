// What each tab's capture is doing (#3 health), as the popup and Options → Activity show it.
import { conversationKey } from '../../model/keys';
import type { CaptureProblem, CaptureReply, CaptureRequest, CaptureStatus } from '../../model/messages';
import type { CaptureNotice } from '../../model/notice';
import { siteOn, type Settings } from '../../model/settings';
import type { Sender } from '../../messaging/protocol';
import { updateHealth } from '../../store/conversations';
import { addCaptureProblem, setTabStatus } from '../../store/status';
import { capturePaused } from './capture-limits';
import { siteInfo } from '../../sites/registry';

/**
 * Why a capture is refused before anything is stored, or null when it may be stored: what the background alone
 * knows (the person's pause and per-site switches, incognito, the site's private chats), obeyed by a capture
 * and by a reported status alike. A code the page words (#37).
 */
export function captureRefusal(
  settings: Settings,
  req: Pick<CaptureRequest, 'site' | 'url'>,
  sender: Sender,
): CaptureNotice | null {
  if (settings.capture.paused) return { code: 'capture-paused' };
  if (!siteOn(settings, req.site)) return { code: 'site-off', site: req.site };
  if (sender.tab?.incognito && !settings.capture.allowIncognito) return { code: 'incognito' };
  // Defence in depth: the content script never sends these, but a page could try (#3 private-chat rules).
  if (siteInfo(req.site).isPrivate(new URL(req.url))) return { code: 'temporary-chat' };
  return null;
}

/**
 * The status a tab reports, corrected by what only the background knows (pause, site switch, incognito, and a
 * tab Engram paused for sending too much, which its own reports must not hide: #25).
 */
export async function recordStatus(
  status: CaptureStatus,
  sender: Sender,
  settings: Settings,
  now = Date.now(),
): Promise<void> {
  const refusal = captureRefusal(settings, status, sender);
  const key = status.conversationId && conversationKey(status.site, status.conversationId);
  const limited = refusal ? null : await capturePaused(sender.tab?.id, key, now);
  const effective: CaptureStatus =
    refusal && status.state !== 'private'
      ? { ...status, state: 'off', turnsStored: 0, lastError: refusal }
      : limited
        ? { ...status, state: 'limited', turnsStored: 0, lastError: limited }
        : status;
  const tabId = sender.tab?.id;
  if (tabId !== undefined) await setTabStatus(tabId, effective);
  // A conversation captured before and broken now says so in its own record too.
  if (effective.state === 'broken' && effective.conversationId) {
    const { strategy, turnsSeen, turnsStored, lastError, checkedAt } = effective;
    const key = conversationKey(effective.site, effective.conversationId);
    await updateHealth(key, { strategy, turnsSeen, turnsStored, lastError, checkedAt });
  }
  const problem = problemOf(effective);
  if (problem)
    await addCaptureProblem({
      site: effective.site,
      conversationId: effective.conversationId,
      url: effective.url,
      ...problem,
      at: effective.checkedAt,
    });
}

/** What Activity lists for a status: a broken, paused or unconfirmed capture, messages it could not read, a JSON fallback. */
function problemOf(status: CaptureStatus): Pick<CaptureProblem, 'kind' | 'detail'> | null {
  const { state, strategy, lastError, unread } = status;
  const held = state === 'broken' || state === 'limited' || state === 'unconfirmed';
  if (held && lastError) return { kind: state, detail: lastError };
  if (state === 'capturing' && unread) return { kind: 'unread', detail: unreadNotice(unread, lastError) };
  return strategy === 'page' && lastError ? { kind: 'fallback', detail: lastError } : null;
}

/** The unread count, with why the site's JSON was not used when that is why the page was read. */
function unreadNotice(count: number, note: CaptureStatus['lastError']): CaptureNotice {
  return { code: 'unread', count, siteData: typeof note === 'string' ? note : null };
}

/** A capture request and its result, as the status of the tab that sent it. */
export function statusOfCapture(req: CaptureRequest, reply: CaptureReply, at: Date): CaptureStatus {
  return {
    site: req.site,
    conversationId: req.conversationId,
    url: req.url,
    state: reply.skipped ? 'off' : 'capturing',
    strategy: req.strategy,
    turnsSeen: reply.seen,
    turnsStored: reply.skipped ? 0 : req.turns.length,
    lastError: reply.skipped ?? req.note ?? null,
    ...(req.unread && !reply.skipped ? { unread: req.unread } : {}),
    checkedAt: at.toISOString(),
  };
}
