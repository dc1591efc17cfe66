// The person's switch per site (Settings → Sites, #24) reaches the open chat tabs at once, without a reload. A
// content script cannot read settings itself (chrome.storage is closed to it: ../shared/storage-access.ts), so the
// background hears every settings change and tells each open tab of a site whose switch moved. From that moment
// the tab's status says "off", whatever its content script does; a capture it still sends is refused
// (./tab-status.ts captureRefusal).
import { browser } from 'wxt/browser';
import { sendToTab } from '../../messaging/tab';
import { DEFAULT_SETTINGS, Settings, siteOn } from '../../model/settings';
import { Site } from '../../model/site';
import { readSettings, settingsItem } from '../../settings';
import { pageWordsNow } from '../../i18n/block-words';
import { languageItem } from '../../i18n/choice';
import type { PageWords } from '../../inject/words';
import { sitePatterns } from '../../sites/registry';
import { getTabStatus, setTabStatus } from '../../store/status';
import type { Stop } from '../shared/service';

export interface SwitchDeps {
  /** The open tabs showing the site; none where the browser withholds Engram's access to it. */
  tabsOf(site: Site): Promise<number[]>;
  tell(tabId: number, on: boolean, words: PageWords): Promise<unknown>;
}

/** The browser's tabs, and the content script's receiver in each. */
export const browserSwitches: SwitchDeps = {
  tabsOf: async (site) => {
    const tabs = await browser.tabs.query({ url: sitePatterns(site) });
    return tabs.flatMap((t) => (t.id === undefined ? [] : [t.id]));
  },
  tell: (tabId, on, words) => sendToTab('siteSwitched', { on, words }, tabId),
};

const parsed = (value: unknown): Settings => {
  const result = Settings.safeParse(value);
  return result.success ? result.data : DEFAULT_SETTINGS;
};

/** The sites whose switch differs between two settings values. */
export function switchedSites(before: Settings, after: Settings): Site[] {
  return Site.options.filter((site) => siteOn(before, site) !== siteOn(after, site));
}

/** Tells every open tab of `site`; a tab switched off shows as off at once. Never throws. */
export async function announceSwitch(
  site: Site,
  on: boolean,
  deps: SwitchDeps = browserSwitches,
): Promise<void> {
  const tabs = await deps.tabsOf(site).catch(() => []);
  const words = await pageWordsNow();
  for (const tabId of tabs) {
    // A tab whose content script never ran (its access withheld) or is gone: nothing listens, nothing to do.
    await deps.tell(tabId, on, words).catch(() => undefined);
    const status = on ? null : await getTabStatus(tabId);
    if (status && status.state !== 'private')
      await setTabStatus(tabId, {
        ...status,
        state: 'off',
        turnsStored: 0,
        lastError: { code: 'site-off', site },
      });
  }
}

/** The service (../shared/service.ts): follows every settings and language change from each worker start on. */
export function startSiteSwitches({ switches: deps }: { switches: SwitchDeps }): Stop {
  const stopSettings = settingsItem.watch((next, previous) => {
    const after = parsed(next);
    for (const site of switchedSites(parsed(previous), after))
      void announceSwitch(site, siteOn(after, site), deps).catch(() => undefined);
  });
  // A new language reaches every open chat tab's button at once, as a switch does (#37).
  const stopLanguage = languageItem.watch(async () => {
    const settings = await readSettings();
    for (const site of Site.options)
      void tellWords(site, siteOn(settings, site), deps).catch(() => undefined);
  });
  return () => (stopSettings(), stopLanguage());
}

async function tellWords(site: Site, on: boolean, deps: SwitchDeps): Promise<void> {
  const words = await pageWordsNow();
  for (const tabId of await deps.tabsOf(site).catch(() => []))
    await deps.tell(tabId, on, words).catch(() => undefined);
}
