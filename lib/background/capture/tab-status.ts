// What each tab's capture is doing (#3 health), as the popup and Options → Activity show it.
import { conversationKey } from '../../model/keys';
import type { CaptureProblem, CaptureReply, CaptureRequest, CaptureStatus } from '../../model/messages';
import type { CaptureNotice } from '../../model/notice';
import type { Settings } from '../../model/settings';
import type { Sender } from '../../messaging/protocol';
import { updateHealth } from '../../store/conversations';
import { addCaptureProblem, setTabStatus } from '../../store/status';
import { capturePaused } from './capture-limits';
import { captureRefusal } from './capture-policy';

/**
 * The status a tab reports, corrected by what only the background knows (pause, site switch, incognito, and a
 * tab Engram paused for sending too much, which its own reports must not hide: #25), then kept.
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
  await saveStatus(effective, sender);
}

/**
 * Keeps a status as it stands: the tab's line, a broken chat's own health, and Activity's problem. A capture's
 * status needs no correcting (./receive-capture.ts decided it), so it comes here directly.
 */
export async function saveStatus(status: CaptureStatus, sender: Sender): Promise<void> {
  const problem = problemOf(status);
  const tabId = sender.tab?.id;
  if (tabId !== undefined) await setTabStatus(tabId, status);
  // A conversation captured before and broken now says so in its own record too.
  if (status.state === 'broken' && status.conversationId) {
    const { strategy, turnsSeen, turnsStored, lastError, checkedAt } = status;
    const key = conversationKey(status.site, status.conversationId);
    await updateHealth(key, { strategy, turnsSeen, turnsStored, lastError, checkedAt });
  }
  if (problem) {
    const { site, conversationId, url, checkedAt: at } = status;
    await addCaptureProblem({ site, conversationId, url, ...problem, at });
  }
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
    // A tab past its limits reads as limited, as its own reports do (recordStatus); any other refusal as off.
    state: reply.skipped ? (reply.skipped.code === 'tab-limit' ? 'limited' : 'off') : 'capturing',
    strategy: req.strategy,
    turnsSeen: reply.seen,
    turnsStored: reply.skipped ? 0 : req.turns.length,
    lastError: reply.skipped ?? req.note ?? null,
    ...(req.unread && !reply.skipped ? { unread: req.unread } : {}),
    checkedAt: at.toISOString(),
  };
}
