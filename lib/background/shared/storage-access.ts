// chrome.storage.local is open to content scripts by default, and a content script runs beside a page we do
// not trust (#11). TRUSTED_CONTEXTS keeps it to the background and extension pages; Chrome keeps the level
// across restarts (checked in Chromium: a content script was refused after a browser restart), and it is set
// again at every start. Firefox has no setAccessLevel: there, what must stay secret lives in the extension's
// own IndexedDB (lib/store/secrets.ts), and SECURITY.md says what a content script can still change.
import { browser } from 'wxt/browser';

interface AccessLevelArea {
  setAccessLevel?: (options: {
    accessLevel: 'TRUSTED_CONTEXTS' | 'TRUSTED_AND_UNTRUSTED_CONTEXTS';
  }) => Promise<void>;
}

export async function restrictStorage(
  area: AccessLevelArea | undefined = browser.storage?.local,
): Promise<boolean> {
  if (typeof area?.setAccessLevel !== 'function') return false;
  await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
  return true;
}
