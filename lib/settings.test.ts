import { beforeEach, expect, test } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, EMBEDDING_MODEL, siteOn } from './model/settings';
import { Site } from './model/site';
import { readSettings, writeSettings } from './settings';

beforeEach(() => fakeBrowser.reset());

test('settings stored before the embedding model existed still parse, keeping every choice (#5)', async () => {
  const olderRecall: Partial<typeof DEFAULT_SETTINGS.recall> = { ...DEFAULT_SETTINGS.recall };
  delete olderRecall.embeddingModel;
  const older = { ...DEFAULT_SETTINGS, recall: { ...olderRecall, budgetTokens: 1200, semantic: true } };
  await fakeBrowser.storage.local.set({ settings: older });
  const read = await readSettings();
  expect(read.recall).toEqual({ ...older.recall, embeddingModel: EMBEDDING_MODEL });
  await writeSettings({ ...read, recall: { ...read.recall, embeddingModel: ' nomic-embed-text ' } });
  expect((await readSettings()).recall.embeddingModel).toBe('nomic-embed-text');
  await expect(writeSettings({ ...read, recall: { ...read.recall, embeddingModel: ' ' } })).rejects.toThrow();
});

test('settings stored before the daily limits existed still parse, with the default caps (#11)', async () => {
  const older: Partial<typeof DEFAULT_SETTINGS> = {
    ...DEFAULT_SETTINGS,
    privacy: { redact: false, reviewMode: true },
  };
  delete older.limits;
  await fakeBrowser.storage.local.set({ settings: older });
  const read = await readSettings();
  expect(read.privacy).toEqual({ redact: false, reviewMode: true });
  expect(read.limits).toEqual({ dailyChanges: 200, dailyTokens: 1_000_000 });
});

test('a new install includes past turns; a stored choice to leave them out is kept (#13)', async () => {
  expect((await readSettings()).recall.rawTurns).toBe(true);
  const off = { ...DEFAULT_SETTINGS, recall: { ...DEFAULT_SETTINGS.recall, rawTurns: false } };
  await fakeBrowser.storage.local.set({ settings: off });
  expect((await readSettings()).recall.rawTurns).toBe(false);
});

test('every site is on by default; a stored switch is kept; a site the value does not name is on (#24)', async () => {
  const fresh = await readSettings();
  expect(Site.options.every((site) => siteOn(fresh, site))).toBe(true);
  // Stored by the two-site build: ChatGPT off. A switch for a site this build does not know (a newer build's)
  // must not make the whole value invalid, or every other choice would fall back to defaults.
  const older = {
    ...DEFAULT_SETTINGS,
    capture: { ...DEFAULT_SETTINGS.capture, sites: { chatgpt: false, claude: true, 'a-later-site': false } },
    privacy: { redact: false, reviewMode: true },
  };
  await fakeBrowser.storage.local.set({ settings: older });
  const read = await readSettings();
  expect(read.privacy).toEqual({ redact: false, reviewMode: true });
  expect(Site.options.filter((site) => !siteOn(read, site))).toEqual(['chatgpt']);
});
