import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { watchReviewBadge } from '../lib/background/badge';
import { handlers } from '../lib/background/handlers';
import { ALARM, kick, settleNow, startQueue } from '../lib/background/jobs';
import { useWebLlm } from '../lib/background/provider';
import { forgetTab, leftConversation } from '../lib/background/tabs';
import { webllmProvider } from '../lib/background/webllm';
import { registerHandlers } from '../lib/messages';

export default defineBackground(() => {
  registerHandlers(handlers, browser.runtime.getURL('/'));
  useWebLlm(webllmProvider);
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ALARM) void kick();
  });
  // A conversation settles when its tab closes or leaves it (#4).
  browser.tabs.onRemoved.addListener((tabId) => {
    void forgetTab(tabId).then((key) => (key ? settleNow(key) : undefined));
  });
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.url)
      void leftConversation(tabId, change.url).then((key) => (key ? settleNow(key) : undefined));
  });
  void startQueue();
  watchReviewBadge((text) => browser.action.setBadgeText({ text }));
});
