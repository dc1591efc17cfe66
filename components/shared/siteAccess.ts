// Whether the browser lets Engram read each site (#24). The sites' hosts are declared in the manifest, but a
// person can withhold them: Firefox lets people revoke a host permission, and Chrome's "on click" site access
// withholds it until the extension is clicked (its content script then never runs on that site). Nothing here
// throws: a browser that cannot say (no permissions API, a test's fake browser) gives null, and the UI then
// says nothing about access.
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { Site } from '../../lib/model/site';
import { SITE_HOSTS } from '../../lib/model/site-hosts';

/** Whether Engram may read every address in `origins` (match patterns); null when the browser cannot say. */
export async function hasOrigins(origins: string[]): Promise<boolean | null> {
  try {
    return await browser.permissions.contains({ origins });
  } catch {
    return null;
  }
}

export const hostPattern = (host: string): string => `https://${host}/*`;

/**
 * Asks the browser for `hosts`. Must start inside the person's click (a user gesture). Firefox and Chrome both
 * let an extension ask again for host permissions its manifest declares; false when refused or when the browser
 * cannot ask (headless Chromium never answers the dialog, so this is component-tested only).
 */
export async function askHosts(hosts: readonly string[]): Promise<boolean> {
  try {
    return await browser.permissions.request({ origins: hosts.map(hostPattern) });
  } catch {
    return false;
  }
}

/** Calls `onChange` when the browser grants or withdraws a permission, or the page comes back into view. */
export function watchAccess(onChange: () => void): () => void {
  const events = [browser.permissions?.onAdded, browser.permissions?.onRemoved];
  const added = events.filter((event) => {
    try {
      event?.addListener(onChange);
      return !!event;
    } catch {
      return false; // a browser (or a fake one) without these events: the page still re-checks when shown
    }
  });
  // Site access is changed in the browser's own menus: the person comes back to this page afterwards.
  document.addEventListener('visibilitychange', onChange);
  return () => {
    for (const event of added) event?.removeListener(onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/** A site's hosts the browser withholds from Engram ([] when it may read them all), or null if it cannot say. */
export type Withheld = Record<Site, readonly string[] | null>;

async function withheldHosts(site: Site): Promise<readonly string[] | null> {
  const access = await Promise.all(SITE_HOSTS[site].map((host) => hasOrigins([hostPattern(host)])));
  if (access.some((a) => a === null)) return null;
  return SITE_HOSTS[site].filter((_, i) => access[i] === false);
}

/**
 * Each registry site's withheld hosts (null until first checked), kept current, and a check to run after asking
 * (a browser may grant without a permissions event).
 */
export function useWithheld(): [Withheld | null, () => void] {
  const [withheld, setWithheld] = useState<Withheld | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    const check = async () => {
      const entries = await Promise.all(Site.options.map(async (site) => [site, await withheldHosts(site)]));
      if (live) setWithheld(Object.fromEntries(entries) as Withheld);
    };
    void check();
    const stop = watchAccess(() => void check());
    return () => {
      live = false;
      stop();
    };
  }, [asked]);
  return [withheld, () => setAsked((n) => n + 1)];
}

export type BrowserName = 'firefox' | 'chrome';
export const BROWSER: BrowserName = import.meta.env.FIREFOX ? 'firefox' : 'chrome';

/** How a person gives Engram back its access to `host`, in the browser's own words. */
export function allowSteps(t: TFunction, host: string, browserName: BrowserName = BROWSER): string {
  return browserName === 'firefox' ? t('access.stepsFirefox', { host }) : t('access.stepsChrome', { host });
}
