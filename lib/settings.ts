// Typed settings item. Every context may read it; only options/popup change it, through validated writes.
import { storage } from 'wxt/utils/storage';
import { DEFAULT_SETTINGS, Settings } from './model/settings';
import type { Site } from './model/site';

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** Reads settings, repairing anything invalid (a hand-edited or partial value) back to defaults. */
export async function readSettings(): Promise<Settings> {
  const parsed = Settings.safeParse(await settingsItem.getValue());
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function writeSettings(next: Settings): Promise<void> {
  await settingsItem.setValue(Settings.parse(next));
}

/** One site's switch (Settings → Sites, the popup; #24), written over the latest stored settings. */
export async function writeSiteOn(site: Site, on: boolean): Promise<void> {
  const settings = await readSettings();
  await writeSettings({
    ...settings,
    capture: { ...settings.capture, sites: { ...settings.capture.sites, [site]: on } },
  });
}
