// Which conversation each tab shows, so closing or leaving it settles that conversation at once (#4). Kept in
// storage.session: it survives a service-worker restart but not the browser session.
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { parseConversationKey } from '../../model/keys';
import { listen, stopAll, type Stop } from '../shared/service';

const tabsItem = storage.defineItem<Record<string, string>>('session:tabConversations', { fallback: {} });

export async function rememberTab(tabId: number, conversationKey: string): Promise<void> {
  const map = await tabsItem.getValue();
  if (map[tabId] !== conversationKey) await tabsItem.setValue({ ...map, [tabId]: conversationKey });
}

/** Forgets the tab and returns the conversation it showed, if any. */
export async function forgetTab(tabId: number): Promise<string | undefined> {
  const map = await tabsItem.getValue();
  const key = map[tabId];
  if (key === undefined) return undefined;
  await tabsItem.setValue(Object.fromEntries(Object.entries(map).filter(([id]) => id !== String(tabId))));
  return key;
}

/** The conversation a tab just navigated away from, if it did (its new URL no longer names it). */
export async function leftConversation(tabId: number, url: string): Promise<string | undefined> {
  const key = (await tabsItem.getValue())[tabId];
  if (key === undefined) return undefined;
  const id = parseConversationKey(key)?.id;
  return id && url.includes(id) ? undefined : forgetTab(tabId);
}

export interface SettleDeps {
  /** Settles a conversation now, so its extraction runs (../pipeline/job-queue.ts settleNow). */
  settle: (conversationKey: string) => Promise<void>;
}

/** The service (../shared/service.ts): a conversation settles when its tab closes or leaves it (#4). */
export function startTabSettling({ settle }: SettleDeps): Stop {
  const settleIf = (key: string | undefined) => (key ? settle(key) : undefined);
  return stopAll(
    listen(browser.tabs.onRemoved, (tabId) => void forgetTab(tabId).then(settleIf)),
    listen(browser.tabs.onUpdated, (tabId, change) => {
      if (change.url) void leftConversation(tabId, change.url).then(settleIf);
    }),
  );
}
