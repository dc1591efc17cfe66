import { browser } from 'wxt/browser';

/** The tab the popup speaks about: `?tab=<id>` when given (tests, a popup opened in a tab), else the active tab. */
export async function targetTab(): Promise<number | null> {
  const fromUrl = Number(new URLSearchParams(location.search).get('tab'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id ?? null;
}
