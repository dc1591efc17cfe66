// Every long-lived part of the background, one shape each (./shared/service.ts, #38): the service worker starts
// them all with one deps object, and each takes from it what it needs. The browser's deps are built here, so the
// entrypoint is a list of starts; a test starts any service with fakes instead and checks that its Stop leaves no
// listener, alarm or timer behind (services.test.ts).
import { browser } from 'wxt/browser';
import { sendToTab } from '../messaging/tab';
import { browserAgentLink, startAgents, type AgentsDeps } from './agents/agent-links';
import { browserSwitches, startSiteSwitches, type SwitchDeps } from './capture/site-switch';
import { startTabSettling, type SettleDeps } from './capture/tab-conversations';
import { startReviewBadge, type BadgeDeps } from './memories/review-badge';
import { chromeDeps } from './pipeline/chrome-model';
import { startLocalEngines, type LocalEngines } from './pipeline/current-provider';
import { settleNow, startQueue } from './pipeline/job-queue';
import { startWebLlmResume, webllmProvider } from './pipeline/webllm-provider';
import { startFrameCleanup } from './preview/preview-frames';
import { startShortcut, type ShortcutDeps } from './preview/shortcut';
import { startEmbeddings, watchHostAccess, type EmbeddingWiring } from './recall/embedder-choice';
import { watchStoredMemories } from './recall/embedding-sync';
import { startStoreFollowers } from './recall/follow-store';
import { startPastAtWake, type WakeDeps } from './recall/past-wake';
import { offscreenOpen } from './shared/offscreen-host';
import { startAll, type Start, type Stop } from './shared/service';
import { browserSyncEnv, type SyncEnv } from './sync/sync-env';
import { startSync } from './sync/sync-runner';

export interface BackgroundDeps extends AgentsDeps, BadgeDeps, SettleDeps, ShortcutDeps, WakeDeps {
  switches: SwitchDeps;
  engines: LocalEngines;
  embeddings: EmbeddingWiring;
  sync: SyncEnv;
}

/** In the order they start. The store's followers come first: they see every write a message makes (#12). */
export const SERVICES: readonly Start<BackgroundDeps>[] = [
  startStoreFollowers,
  // A worker woken while the index's worker lives reopens the past-chat index before the click that woke it (#39).
  startPastAtWake,
  // A site switched off or on in Settings → Sites reaches its open tabs at once (#24).
  startSiteSwitches,
  startLocalEngines,
  // Desktop apps (#27): the link to engram-mcp servers, only while the person has switched it on.
  startAgents,
  startWebLlmResume,
  startTabSettling,
  startFrameCleanup,
  // The insert shortcut opens the preview in the active chat tab (#5).
  startShortcut,
  startQueue,
  // The semantic recall tier follows settings, provider, key and host access, and embeds after writes (#5).
  startEmbeddings,
  startReviewBadge,
  // End-to-end encrypted sync through the person's own storage, after changes and on an alarm (#15).
  startSync,
];

/** What the running extension gives its services. */
export function browserDeps(): BackgroundDeps {
  return {
    switches: browserSwitches,
    engines: { webllm: webllmProvider, chrome: () => chromeDeps() },
    configureAgents: browserAgentLink(),
    settle: settleNow,
    commands: browser.commands.onCommand,
    shortcut: {
      activeTabId: async () => (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id,
      openPreview: (tabId) => sendToTab('openInsertPreview', undefined, tabId),
    },
    embeddings: { watchMemories: watchStoredMemories, watchAccess: watchHostAccess },
    setBadge: (text) => browser.action.setBadgeText({ text }),
    sync: browserSyncEnv(),
    indexAlive: offscreenOpen,
  };
}

export const startServices = (deps: BackgroundDeps): Stop => startAll(deps, SERVICES);
