// Typed settings item. Every context may read it; only options/popup change it, through validated writes.
import { storage } from 'wxt/utils/storage';
import { DEFAULT_SETTINGS, Settings } from './model/settings';

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
