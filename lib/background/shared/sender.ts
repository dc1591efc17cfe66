// Who a content script speaks for (#11). The browser fills in `sender` (tab, frame, document URL); the page
// cannot forge it. A chat page may claim only its own site and its own origin, from its tab's top frame: a
// compromised ChatGPT page cannot write Claude conversations, or conversations at another address.
import type { Sender } from '../../messaging/protocol';
import { RejectedMessage } from '../../messaging/rejected';
import type { Site } from '../../model/site';
import { siteForHost } from '../../sites/registry';

/** The chat site a URL is on, or null (no URL, not a URL, another host). */
export const siteOf = (url: string | undefined): Site | null => {
  try {
    return url ? siteForHost(new URL(url).hostname) : null;
  } catch {
    return null;
  }
};

/** Why a page's claim does not match its sender, or null when it does. */
export function pageClaimMismatch(claim: { site: Site; url: string }, sender: Sender): string | null {
  if (sender.tab?.id === undefined || sender.tab.id < 0) return 'not from a tab';
  // Engram's content scripts run in the top frame only; a chat site framed inside another page is not one.
  if (sender.frameId !== undefined && sender.frameId !== 0) return 'not from the top frame';
  if (siteOf(sender.url) !== claim.site) return `the sender is not a ${claim.site} page`;
  if (sender.tab.url !== undefined && siteOf(sender.tab.url) !== claim.site)
    return 'the tab shows another site';
  let origin: string;
  try {
    origin = new URL(claim.url).origin;
  } catch {
    return 'the URL is not a URL';
  }
  if (origin !== new URL(sender.url ?? '').origin) return "the URL is not the sender's origin";
  return null;
}

export function assertPageClaim(type: string, claim: { site: Site; url: string }, sender: Sender): void {
  const why = pageClaimMismatch(claim, sender);
  if (why) throw new RejectedMessage(`${type}: ${why}`);
}
