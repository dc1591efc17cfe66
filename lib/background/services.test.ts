// One service shape (#38): each service the worker starts takes its deps and returns a Stop that leaves nothing
// behind. The ledger counts what a service can leave: listeners on the browser's events (the fake browser's) and on
// the deps' events, store-change followers, alarms. Every service in SERVICES is covered as it is added.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MapBackend } from '../../test/helpers/memory-backend';
import { event, memory } from '../../test/helpers/records';
import { agentsItem, AGENTS_OFF } from '../store/agents';
import { deleteDb } from '../store/db';
import { emitStoreChange } from '../store/changes';
import { providerItem } from '../store/secrets';
import { writeMemory } from '../store/memories';
import { newAgentSecret } from './agents/agent-settings';
import { watchStoredMemories } from './recall/embedding-sync';
import { startReviewBadge } from './memories/review-badge';
import { startEmbeddings } from './recall/embedder-choice';
import { startSync } from './sync/sync-runner';
import { SERVICES, startServices, type BackgroundDeps } from './services';
import { listen, type BrowserEvent } from './shared/service';
import { currentProvider, startLocalEngines } from './pipeline/current-provider';

const followers = vi.hoisted(() => ({ count: 0 }));
vi.mock('../store/changes', async (real: () => Promise<typeof import('../store/changes')>) => {
  const changes = await real();
  return {
    ...changes,
    onStoreChange: (listener: Parameters<typeof changes.onStoreChange>[0]) => {
      const off = changes.onStoreChange(listener);
      followers.count++;
      let on = true;
      return () => {
        if (on) followers.count--;
        on = false;
        off();
      };
    },
  };
});

function fakeEvent<Listener>(): BrowserEvent<Listener> & { size(): number } {
  const listeners = new Set<Listener>();
  return {
    addListener: (l) => void listeners.add(l),
    removeListener: (l) => void listeners.delete(l),
    size: () => listeners.size,
  };
}

const commands = fakeEvent<(command: string) => void>();
const access = fakeEvent<() => void>();
const deps: BackgroundDeps = {
  switches: { tabsOf: async () => [], tell: async () => undefined },
  engines: {},
  configureAgents: async () => undefined,
  settle: async () => undefined,
  commands,
  shortcut: { activeTabId: async () => undefined, openPreview: async () => undefined },
  embeddings: {
    watchMemories: watchStoredMemories,
    watchAccess: (onChange) => listen(access, onChange),
    access: async () => false,
  },
  setBadge: () => undefined,
  sync: { backend: () => new MapBackend(), version: undefined, scryptLogN: 10 },
  indexAlive: async () => false,
};

const EVENTS = {
  'alarms.onAlarm': fakeBrowser.alarms.onAlarm,
  'runtime.onStartup': fakeBrowser.runtime.onStartup,
  'tabs.onRemoved': fakeBrowser.tabs.onRemoved,
  'tabs.onUpdated': fakeBrowser.tabs.onUpdated,
  'windows.onRemoved': fakeBrowser.windows.onRemoved,
  'storage.onChanged': fakeBrowser.storage.onChanged,
  'storage.local.onChanged': fakeBrowser.storage.local.onChanged,
  'storage.session.onChanged': fakeBrowser.storage.session.onChanged,
  'storage.sync.onChanged': fakeBrowser.storage.sync.onChanged,
};

/** Everything a service can leave behind, by name; an empty list when nothing is. */
async function ledger(): Promise<string[]> {
  // The fake's events have hasListeners(); its types leave it out.
  const events = Object.entries(EVENTS).filter(([, e]) =>
    (e as unknown as { hasListeners(): boolean }).hasListeners(),
  );
  return [
    ...events.map(([name]) => name),
    ...(commands.size() ? [`commands: ${commands.size()}`] : []),
    ...(access.size() ? [`access: ${access.size()}`] : []),
    ...(followers.count ? [`store followers: ${followers.count}`] : []),
    ...(await fakeBrowser.alarms.getAll()).map((a) => `alarm ${a.name}`),
  ];
}

beforeEach(async () => {
  fakeBrowser.reset();
  // The desktop link switched on: its service sets its alarm.
  await agentsItem.setValue({ ...AGENTS_OFF, enabled: true });
  await newAgentSecret();
});
afterEach(deleteDb);

// Services observed through what they do rather than through a listener: see "what the ledger cannot see".
// startPastAtWake listens to nothing: it opens the past index once (./recall/past-wake.test.ts holds its Stop).
const NO_LISTENER = new Set(['startLocalEngines', 'startReviewBadge', 'startPastAtWake']);

describe('every service: start(deps) returns a Stop that leaves nothing behind', () => {
  test.each(SERVICES.map((start) => [start.name, start] as const))('%s', async (name, start) => {
    expect(await ledger()).toEqual([]);
    const stop = start(deps);
    if (!NO_LISTENER.has(name)) expect(await ledger()).not.toEqual([]);
    // Whatever it set up after its first await (the desktop link's alarm) is there before it stops.
    if (name === 'startAgents')
      await vi.waitFor(async () => expect(await ledger()).toContain('alarm engram-agents'));
    stop();
    await vi.waitFor(async () => expect(await ledger()).toEqual([]));
  });

  test('the whole background starts and stops as one', async () => {
    const stop = startServices(deps);
    await vi.waitFor(async () => expect(await ledger()).toContain('alarm engram-agents'));
    expect((await ledger()).length).toBeGreaterThan(8);
    stop();
    await vi.waitFor(async () => expect(await ledger()).toEqual([]));
  });
});

describe('what the ledger cannot see', () => {
  test('the local engines are lent until the Stop', async () => {
    await providerItem.setValue({ kind: 'webllm', model: 'Qwen3-1.7B-q4f16_1-MLC', baseUrl: '' });
    const webllm = vi.fn(() => ({ model: 'local' }) as never);
    const stop = startLocalEngines({ engines: { webllm } });
    expect(await currentProvider()).not.toBeNull();
    stop();
    expect(await currentProvider()).toBeNull();
  });

  test('the review badge stops following the pending count', async () => {
    const shown: string[] = [];
    const stop = startReviewBadge({ setBadge: (text) => void shown.push(text) });
    await writeMemory(memory({ id: 'p1', status: 'pending' }), event());
    await vi.waitFor(() => expect(shown.at(-1)).toBe('1'));
    stop();
    await writeMemory(memory({ id: 'p2', status: 'pending' }), event());
    // The write has committed and been seen by any live query by the time a second write commits.
    await writeMemory(memory({ id: 'p3', status: 'pending' }), event());
    expect(shown.at(-1)).toBe('1');
  });

  // The services that keep a timer: sync's push, waiting for its quiet time, and the embeddings' debounced pass.
  test.each([startSync, startEmbeddings].map((start) => [start.name, start] as const))(
    '%s: no timer outlives the Stop',
    (_, start) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      try {
        const stop = start(deps);
        emitStoreChange({ kind: 'memories', memories: [memory()] });
        expect(vi.getTimerCount()).toBe(1);
        stop();
        expect(vi.getTimerCount()).toBe(0);
      } finally {
        vi.useRealTimers();
      }
    },
  );
});
