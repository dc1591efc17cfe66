import { beforeEach, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CaptureStatus } from '../../model/messages';
import { DEFAULT_SETTINGS, type Settings } from '../../model/settings';
import type { Site } from '../../model/site';
import { settingsItem } from '../../settings';
import { getTabStatus, setTabStatus } from '../../store/status';
import { startSiteSwitches, type SwitchDeps } from './site-switch';

const TABS: Record<string, number[]> = { chatgpt: [1, 2], claude: [3] };

function deps(): SwitchDeps & { told: [number, boolean][] } {
  const told: [number, boolean][] = [];
  return {
    told,
    tabsOf: async (site: Site) => TABS[site] ?? [],
    tell: vi.fn(async (tabId: number, on: boolean) => {
      told.push([tabId, on]);
      // Tab 2's content script never ran (its host access withheld): nothing answers there.
      if (tabId === 2) throw new Error('Could not establish connection. Receiving end does not exist.');
    }),
  };
}

const status = (over: Partial<CaptureStatus>): CaptureStatus => ({
  site: 'chatgpt',
  conversationId: 'c1',
  url: 'https://chatgpt.com/c/c1',
  state: 'capturing',
  strategy: 'api',
  turnsSeen: 4,
  turnsStored: 4,
  lastError: null,
  checkedAt: '2026-11-29T12:00:00.000Z',
  ...over,
});

const withSites = (sites: Settings['capture']['sites']): Settings => ({
  ...DEFAULT_SETTINGS,
  capture: { ...DEFAULT_SETTINGS.capture, sites },
});

let stop: () => void = () => undefined;
beforeEach(async () => {
  stop();
  fakeBrowser.reset();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});

test("a site switched off is told to its open tabs at once, and their status stops saying 'capturing' (#24)", async () => {
  await setTabStatus(1, status({}));
  await setTabStatus(2, status({ state: 'private', strategy: 'none' }));
  await setTabStatus(3, status({ site: 'claude', url: 'https://claude.ai/chat/x' }));
  const d = deps();
  stop = startSiteSwitches({ switches: d });
  await settingsItem.setValue(withSites({ chatgpt: false }));
  await vi.waitFor(() =>
    expect(d.told).toEqual([
      [1, false],
      [2, false],
    ]),
  );
  await vi.waitFor(async () =>
    expect(await getTabStatus(1)).toMatchObject({
      state: 'off',
      turnsStored: 0,
      lastError: { code: 'site-off', site: 'chatgpt' },
    }),
  );
  // A temporary chat stays named as one; Claude's tab is not touched.
  expect((await getTabStatus(2))?.state).toBe('private');
  expect((await getTabStatus(3))?.state).toBe('capturing');
});

test('switched on again, its tabs are told; a change that moves no switch tells nobody', async () => {
  await settingsItem.setValue(withSites({ chatgpt: false }));
  const d = deps();
  stop = startSiteSwitches({ switches: d });
  await settingsItem.setValue({
    ...withSites({ chatgpt: false }),
    recall: { ...DEFAULT_SETTINGS.recall, budgetTokens: 900 },
  });
  await settingsItem.setValue(withSites({ chatgpt: true, claude: true }));
  await vi.waitFor(() =>
    expect(d.told).toEqual([
      [1, true],
      [2, true],
    ]),
  );
});
