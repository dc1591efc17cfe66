// The service worker: wiring only. Every message it answers is in a lib/background/<area>/ handler map, composed by
// lib/background/handlers.ts; every long-lived service starts here, explicitly.
import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { handleCommand } from '../lib/background/preview/shortcut';
import { handlers } from '../lib/background/handlers';
import { mark } from '../lib/background/recall/click-marks';
import { frames } from '../lib/background/preview/preview-frames';
import { chromeDeps } from '../lib/background/pipeline/chrome-model';
import { useLocalEngines } from '../lib/background/pipeline/current-provider';
import { AGENTS_ALARM, startAgents } from '../lib/background/agents/agent-links';
import { watchReviewBadge } from '../lib/background/memories/review-badge';
import { watchStoredMemories } from '../lib/background/recall/embedding-sync';
import { startEmbeddings } from '../lib/background/recall/embedder-choice';
import { followStore } from '../lib/background/recall/follow-store';
import { ALARM, kick, settleNow, startQueue } from '../lib/background/pipeline/job-queue';
import { followSiteSwitches } from '../lib/background/capture/site-switch';
import { startSync, SYNC_ALARM, syncNow } from '../lib/background/sync/sync-runner';
import { restrictStorage } from '../lib/background/shared/storage-access';
import { forgetTab, leftConversation } from '../lib/background/capture/tab-conversations';
import { resumeWebLlmDownloads, webllmProvider } from '../lib/background/pipeline/webllm-provider';
import { registerHandlers } from '../lib/messaging/background';
import { sendToTab } from '../lib/messaging/tab';

export default defineBackground(() => {
  mark('script');
  // Recall's memory index, the past-turn index, the embedding cache and running jobs follow every store change,
  // from before the first message can write one (#12).
  followStore();
  void restrictStorage().catch(() => undefined);
  registerHandlers(handlers, browser.runtime.getURL('/'));
  // A site switched off or on in Settings → Sites reaches its open tabs at once (#24).
  followSiteSwitches();
  useLocalEngines({ webllm: webllmProvider, chrome: () => chromeDeps() });
  // Desktop apps (#27): the link to engram-mcp servers, only while the person has switched it on.
  const agents = startAgents();
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === ALARM) void kick();
    if (alarm.name === SYNC_ALARM) void syncNow();
    if (alarm.name === AGENTS_ALARM) void agents().catch(() => undefined);
  });
  // A startup listener has the browser start the worker with itself: the link comes back at once, not at the
  // alarm's first beat (up to 30 s later).
  browser.runtime.onStartup.addListener(() => void agents().catch(() => undefined));
  // A local model's download that the browser's exit interrupted goes on from its last shard (#35).
  browser.runtime.onStartup.addListener(() => void resumeWebLlmDownloads().catch(() => undefined));
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
  startEmbeddings({ watchMemories: watchStoredMemories });
  watchReviewBadge((text) => browser.action.setBadgeText({ text }));
  // End-to-end encrypted sync through the person's own storage, after changes and on an alarm (#15).
  startSync();
});
