// Capture's codes (lib/model/notice.ts) in the person's language (#37). A site's reason rides inside a sentence
// as a quote; a line stored in English before codes is recognised when Engram wrote it (oldNotices.ts) and
// otherwise shown as it is, quoted, so nothing stored before the upgrade goes unsaid.
import type { TFunction } from 'i18next';
import type { CaptureNotice, CaptureSaid } from '../../lib/model/notice';
import { SITE_LABELS } from '../../lib/sites/registry';
import { oldNotice } from './oldNotices';

type TabLimit = Extract<CaptureNotice, { code: 'tab-limit' }>;

/** A code, or an old line Engram wrote itself; null for words from elsewhere. */
export const asNotice = (said: CaptureSaid): CaptureNotice | null =>
  typeof said === 'string' ? oldNotice(said) : said;

/** The pause's headline: which limit the tab passed (#25). */
export function limitHeadline(t: TFunction, n: TabLimit): string {
  if (n.limit === 'minute') return t('notice.limitMinute', { most: n.most.captures });
  const values = { turns: n.most.turns, size: n.most.bytes };
  return n.limit === 'day' ? t('notice.limitDay', values) : t('notice.limitChat', values);
}

/** What the paused tab sent that was not stored ("up to": a capture sent again counts again). */
export function limitDetail(t: TFunction, n: TabLimit): string {
  const turns = t('notice.newTurns', { count: n.refused.turns });
  return t('notice.notStored', { count: n.refused.captures, turns, size: n.refused.bytes });
}

const withSiteData = (t: TFunction, line: string, siteData: string | null) =>
  siteData ? `${line} ${t('notice.siteData', { reason: siteData })}` : line;

export function noticeText(t: TFunction, n: CaptureNotice): string {
  switch (n.code) {
    case 'capture-paused':
      return t('notice.capturePaused');
    case 'site-off':
      return t('capture.siteOff', { site: SITE_LABELS[n.site] });
    case 'incognito':
      return t('notice.incognito');
    case 'temporary-chat':
      return t('notice.temporaryChat');
    case 'private-chat':
      return t('notice.privateChat');
    case 'unconfirmed':
      return t('notice.unconfirmed', { site: SITE_LABELS[n.site] });
    case 'tab-limit':
      return `${limitHeadline(t, n)} ${limitDetail(t, n)}`;
    case 'unread':
      return withSiteData(t, t('notice.unread', { count: n.count }), n.siteData);
    case 'no-turns': {
      const line = n.unread > 0 ? t('notice.noneRead', { count: n.unread }) : t('notice.noTurns');
      return withSiteData(t, line, n.siteData);
    }
  }
}

/** A notice in words, or text from elsewhere as a quote. */
export function saidText(t: TFunction, said: CaptureSaid): string {
  if (typeof said !== 'string') return noticeText(t, said);
  const old = oldNotice(said);
  return old ? noticeText(t, old) : t('activity.quoted', { text: said });
}
