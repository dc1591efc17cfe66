import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { siteForHost } from '../../lib/sites/registry';
import { targetTab } from './target-tab';

async function isChatTab(): Promise<boolean> {
  const id = await targetTab();
  if (id === null) return false;
  // The URL is visible only for the chat sites' hosts (host_permissions): any other tab has none.
  const { url } = await browser.tabs.get(id);
  return !!url && siteForHost(new URL(url).hostname) !== null;
}

/**
 * Whether the popup speaks about a tab of a site Engram reads: "Insert memory" is offered only there (#16: on other
 * tabs it failed with "Could not establish connection"). Checked again when another tab comes to the front.
 */
export function useChatTab(): boolean {
  const [chat, setChat] = useState(false);
  useEffect(() => {
    let live = true;
    const check = () =>
      void isChatTab().then(
        (yes) => live && setChat(yes),
        () => live && setChat(false),
      );
    check();
    browser.tabs.onActivated.addListener(check);
    return () => {
      live = false;
      browser.tabs.onActivated.removeListener(check);
    };
  }, []);
  return chat;
}
