// What the popup knows about its tab's site (#24): which chat site it is (when the browser shows the tab's
// address: only for hosts Engram may read), whether the person switched Engram off there, and whether the
// browser withholds Engram's access to it.
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { siteOn, type Settings } from '../../lib/model/settings';
import type { Site } from '../../lib/model/site';
import { siteForHost } from '../../lib/sites/registry';
import { hasOrigins, useWithheld, watchAccess, type Withheld } from '../shared/siteAccess';
import { useSettings } from '../shared/useSettings';
import { targetTab } from './target-tab';

export interface TabSite {
  site: Site;
  host: string;
  /** Whether Engram may read the tab's origin; null when the browser cannot say. */
  access: boolean | null;
}

export interface PopupSite {
  tabId: number | null;
  /** null: not a chat site, or the browser hides the tab's address (no access to it). */
  tab: TabSite | null;
  settings: Settings | null;
  withheld: Withheld | null;
}

export type SiteState =
  /** A chat site Engram reads (or may: access unknown). */
  | { kind: 'chat'; site: Site }
  | { kind: 'off'; site: Site }
  /** `host`: the tab's own host when the browser shows it; else the sites withheld, whichever the tab is. */
  | { kind: 'withheld'; sites: Site[]; host: string | null }
  | { kind: 'other' };

export function siteState({ tab, settings, withheld }: PopupSite): SiteState {
  // Until settings are read, a chat tab is not yet known to be on: no Insert memory that then goes away.
  if (tab && !settings) return { kind: 'other' };
  if (tab && settings && !siteOn(settings, tab.site)) return { kind: 'off', site: tab.site };
  if (tab?.access === false) return { kind: 'withheld', sites: [tab.site], host: tab.host };
  if (tab) return { kind: 'chat', site: tab.site };
  const sites = Object.entries(withheld ?? {}).flatMap(([site, hosts]) =>
    hosts?.length ? [site as Site] : [],
  );
  return sites.length ? { kind: 'withheld', sites, host: null } : { kind: 'other' };
}

async function readTab(id: number): Promise<TabSite | null> {
  // The address is visible only for hosts Engram may read (host_permissions): any other tab has none.
  const { url } = await browser.tabs.get(id);
  if (!url) return null;
  const { hostname, origin } = new URL(url);
  const site = siteForHost(hostname);
  return site && { site, host: hostname, access: await hasOrigins([`${origin}/*`]) };
}

function useTab(): { tabId: number | null; tab: TabSite | null } {
  const [state, setState] = useState<{ tabId: number | null; tab: TabSite | null }>({
    tabId: null,
    tab: null,
  });
  useEffect(() => {
    let live = true;
    // Only the latest check may answer: one begun before a tab came to the front can finish after the check that
    // tab's activation started, and put the old tab back (CI, load 12: the popup stayed on its own tab).
    let latest = 0;
    const check = async () => {
      const mine = ++latest;
      const tabId = await targetTab().catch(() => null);
      const tab = tabId === null ? null : await readTab(tabId).catch(() => null);
      if (live && mine === latest) setState({ tabId, tab });
    };
    void check();
    // Another tab came to the front, or the browser granted or withdrew a site.
    const onActivated = () => void check();
    browser.tabs.onActivated.addListener(onActivated);
    const stop = watchAccess(onActivated);
    return () => {
      live = false;
      browser.tabs.onActivated.removeListener(onActivated);
      stop();
    };
  }, []);
  return state;
}

export function usePopupSite(): PopupSite {
  const { tabId, tab } = useTab();
  return { tabId, tab, settings: useSettings(), withheld: useWithheld()[0] };
}
