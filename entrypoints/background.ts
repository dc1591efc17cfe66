import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { watchReviewBadge } from '../lib/background/badge';
import { handleCommand } from '../lib/background/commands';
import { startEmbeddings } from '../lib/background/embeddings';
import { handlers } from '../lib/background/handlers';
import { ALARM, kick, settleNow, startQueue } from '../lib/background/jobs';
import { useWebLlm } from '../lib/background/provider';
import { frames } from '../lib/background/preview-relay';
import { restrictStorage } from '../lib/background/storage-access';
import { forgetTab, leftConversation } from '../lib/background/tabs';
import { webllmProvider } from '../lib/background/webllm';
import { registerHandlers } from '../lib/messages';
import { sendToTab } from '../lib/tab-messages';
import { watchMemoryChanges } from '../lib/store/embeddings';

export default defineBackground(() => {
  void restrictStorage().catch(() => undefined);
  registerHandlers(handlers, browser.runtime.getURL('/'));
  useWebLlm(webllmProvider);
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ALARM) void kick();
  });
  // A conversation settles when its tab closes or leaves it (#4).
  browser.tabs.onRemoved.addListener((tabId) => {
    void frames.forget(tabId);
    void forgetTab(tabId).then((key) => (key ? settleNow(key) : undefined));
  });
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url)
      void leftConversation(tabId, change.url).then((key) => (key ? settleNow(key) : undefined));
  });
  // The insert shortcut opens the preview in the active chat tab (#5).
  browser.commands.onCommand.addListener((command) => {
    void handleCommand(command, {
      activeTabId: async () => (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id,
      openPreview: (tabId) => sendToTab('openInsertPreview', undefined, tabId),
    });
  });
  void startQueue();
  // The semantic recall tier follows settings, provider, key and host access, and embeds after writes (#5).
  startEmbeddings({ watchMemories: watchMemoryChanges });
  watchReviewBadge((text) => browser.action.setBadgeText({ text }));
});
