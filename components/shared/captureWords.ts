// Capture status in plain words (#3): the popup never shows a strategy name or a stack trace. In the person's
// language (#37): the background's codes are worded (noticeWords.ts); what a site reported stays in its words, quoted.
import type { TFunction } from 'i18next';
import type { CaptureStatus } from '../../lib/model/messages';
import type { CaptureSaid } from '../../lib/model/notice';
import { siteOn, type Settings } from '../../lib/model/settings';
import { SITE_LABELS } from '../../lib/sites/registry';
import { siteNames } from './labels';
import { asNotice, limitDetail, limitHeadline, noticeText, saidText } from './noticeWords';

export interface Words {
  headline: string;
  detail: string | null;
  problem: boolean;
}

export const brokenWords = (t: TFunction) => t('capture.broken');

/** Fail closed (#34): the page alone cannot say the chat is not private or is the person's own. */
export const unconfirmedHeadline = (t: TFunction, site: string) => t('capture.unconfirmed', { site });

/** `why`: the reason the site's JSON failed, in the site's words, quoted. */
const unconfirmedWords = (t: TFunction, site: string, why: CaptureSaid | null): Words => ({
  headline: unconfirmedHeadline(t, site),
  detail: why === null ? null : whyWords(t, site, why),
  problem: true,
});

const whyWords = (t: TFunction, site: string, why: CaptureSaid): string => {
  const notice = asNotice(why);
  return notice ? noticeText(t, notice) : t('capture.unconfirmedWhy', { site, reason: why });
};

/** Engram paused this tab for sending too much (#25): the headline, then what was not stored. */
function limitedWords(t: TFunction, said: CaptureSaid | null): Words {
  const notice = said === null ? null : asNotice(said);
  if (notice?.code === 'tab-limit')
    return { headline: limitHeadline(t, notice), detail: limitDetail(t, notice), problem: true };
  return {
    headline: t('capture.pausedTab'),
    detail: said === null ? null : saidText(t, said),
    problem: true,
  };
}

/** Why capture is off: the background's refusal in words, or a line from elsewhere quoted. */
function offWords(t: TFunction, said: CaptureSaid | null): string {
  if (said === null) return t('capture.off');
  const notice = asNotice(said);
  return notice
    ? t('capture.offSaid', { reason: noticeText(t, notice) })
    : t('capture.offBecause', { reason: said });
}

const plain = (headline: string): Words => ({ headline, detail: null, problem: false });

/**
 * Capturing, with how (a detail, not the headline: #16: "via the page" meant nothing to people) and the messages
 * the page reader could not read, which make it a problem (#36: read as nothing, never as a neighbour's text).
 */
function capturingWords(t: TFunction, status: CaptureStatus, site: string): Words {
  const why = status.lastError;
  const fallback =
    why === null
      ? null
      : typeof why === 'string'
        ? t('capture.fromPage', { site, reason: why })
        : noticeText(t, why);
  const unread = status.unread ? t('capture.unread', { count: status.unread, site }) : null;
  return {
    headline: t('capture.capturing', { count: status.turnsSeen }),
    detail: [unread, fallback].filter(Boolean).join(' ') || null,
    problem: unread !== null,
  };
}

export function captureWords(
  t: TFunction,
  lng: string,
  status: CaptureStatus | null,
  settings: Settings,
): Words {
  if (!status) return plain(t('capture.openAny', { sites: siteNames(lng) }));
  const site = SITE_LABELS[status.site];
  if (settings.capture.paused) return plain(t('capture.pausedEverywhere'));
  if (!siteOn(settings, status.site)) return plain(t('capture.siteOff', { site }));
  switch (status.state) {
    case 'capturing':
      return capturingWords(t, status, site);
    case 'broken':
      return {
        headline: brokenWords(t),
        detail: status.lastError && saidText(t, status.lastError),
        problem: true,
      };
    case 'shared':
      return plain(t('capture.shared'));
    case 'private':
      return plain(t('capture.private'));
    case 'off':
      return plain(offWords(t, status.lastError));
    case 'idle':
      return plain(t('capture.openOne', { site }));
    case 'limited':
      return limitedWords(t, status.lastError);
    case 'unconfirmed':
      return unconfirmedWords(t, site, status.lastError);
  }
}
