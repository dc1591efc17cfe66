// Lines the background stored in English before it stored codes (#37): a tab status, a capture problem in local
// storage or a conversation's health in IndexedDB may still hold one after an upgrade. The ones Engram wrote are
// recognised here and said in the person's language; anything else is shown as it is, quoted.
import type { CaptureNotice } from '../../lib/model/notice';
import { Site } from '../../lib/model/site';
import { SITE_LABELS } from '../../lib/sites/registry';

const siteNamed = (label: string): Site | undefined => Site.options.find((s) => SITE_LABELS[s] === label);

const FIXED: Record<string, CaptureNotice> = {
  'Capture is paused': { code: 'capture-paused' },
  'Incognito windows are not captured': { code: 'incognito' },
  'Temporary chats are never captured': { code: 'temporary-chat' },
  'This chat is private: Engram keeps nothing of it': { code: 'private-chat' },
};

// Each with the "(site data: …)" tail the reader's reason was given in.
const TAIL = String.raw`(?: \(site data: (.*)\))?$`;
const NO_TURNS = new RegExp(
  String.raw`^No turns found on this page: the site's markup may have changed${TAIL}`,
);
const NONE_READ = new RegExp(
  String.raw`^(\d+) messages? on this page could not be read: the site's markup may have changed${TAIL}`,
);
const UNREAD = new RegExp(
  String.raw`^(\d+) messages? on the page could not be read and were left out${TAIL}`,
);

function siteLine(line: string): CaptureNotice | null {
  const off = /^Engram is off for (.+)$/.exec(line)?.[1];
  const unconfirmed =
    /^only (.+)'s own data can say this chat is not private and yours, and it has not$/.exec(line)?.[1];
  const site = siteNamed(off ?? unconfirmed ?? '');
  if (!site) return null;
  return off ? { code: 'site-off', site } : { code: 'unconfirmed', site };
}

function readerLine(line: string): CaptureNotice | null {
  const none = NO_TURNS.exec(line);
  if (none) return { code: 'no-turns', unread: 0, siteData: none[1] ?? null };
  const missed = NONE_READ.exec(line);
  if (missed) return { code: 'no-turns', unread: Number(missed[1]), siteData: missed[2] ?? null };
  const unread = UNREAD.exec(line);
  return unread ? { code: 'unread', count: Number(unread[1]), siteData: unread[2] ?? null } : null;
}

/** The notice an old English line said, or null when Engram did not write it (a site's reason, quoted). */
export function oldNotice(line: string): CaptureNotice | null {
  return FIXED[line] ?? siteLine(line) ?? readerLine(line);
}
