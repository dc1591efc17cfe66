import { useEffect, useState } from 'react';
import type { Settings } from '../../lib/model/settings';
import { readSettings, settingsItem } from '../../lib/settings';

/** The stored settings, kept current (another page, the popup, sync); null until first read. */
export function useSettings(): Settings | null {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    let live = true;
    const read = () => void readSettings().then((s) => live && setSettings(s));
    read();
    const stop = settingsItem.watch(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return settings;
}
