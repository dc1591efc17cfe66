// Whether Engram is on for this page's site (Settings → Sites, #24): asked once when the page starts, then told
// by the background at every change (lib/background/capture/site-switch.ts), so a switch applies without a
// reload. A content script cannot watch settings itself: chrome.storage is closed to it
// (lib/background/shared/storage-access.ts).
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { sendMessage } from '../messaging/send';
import type { TabReceiver } from '../messaging/tab';
import { setPageWords } from '../inject/words';

/**
 * Calls `apply` with the first answer and with every change told after it (`apply` may see a value twice).
 * Each carries the page's words in the person's language (#37), set before `apply` runs.
 */
export function followSiteSwitch(
  apply: (on: boolean) => void,
  receive: TabReceiver,
  ctx: ContentScriptContext,
): void {
  let told = false;
  ctx.onInvalidated(
    receive('siteSwitched', ({ on, words }) => {
      told = true;
      setPageWords(words);
      apply(on);
      return { ok: true as const };
    }),
  );
  // A change told while the first answer was on its way is newer than that answer. No answer at all (the
  // worker unreachable): the page works as before, and the background still refuses what a site switched off
  // sends (lib/background/capture/tab-status.ts).
  sendMessage('siteSwitch', {}).then(
    ({ on, words }) => told || (setPageWords(words), apply(on)),
    () => told || apply(true),
  );
}
