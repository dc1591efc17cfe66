import { useEffect, useState } from 'react';
import type { CaptureStatus as Status } from '../../lib/model/messages';
import type { Site } from '../../lib/model/site';
import { DEFAULT_SETTINGS, siteOn, type Settings } from '../../lib/model/settings';
import { readSettings, settingsItem, writeSettings } from '../../lib/settings';
import { SITE_LABELS } from '../../lib/sites/registry';
import { watchTabStatus } from '../../lib/store/status';
import { captureWords } from '../shared/captureWords';
import { useAction } from '../shared/useAction';
import { VendorMemoryImport } from './VendorMemoryImport';
import { targetTab } from './target-tab';

function useSettings(): Settings {
  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  useEffect(() => {
    void readSettings().then(setSettings);
    return settingsItem.watch(() => void readSettings().then(setSettings));
  }, []);
  return settings;
}

function useTabStatus(): { status: Status | null; tabId: number | null } {
  const [status, setStatus] = useState<Status | null>(null);
  const [tabId, setTabId] = useState<number | null>(null);
  useEffect(() => {
    let unwatch: () => void = () => undefined;
    let closed = false;
    void targetTab().then((id) => {
      if (id === null || closed) return;
      setTabId(id);
      unwatch = watchTabStatus(id, setStatus);
    });
    return () => {
      closed = true;
      unwatch();
    };
  }, []);
  return { status, tabId };
}

type CaptureChange = Partial<Settings['capture']>;

function PauseToggles(props: {
  site: Site | null;
  settings: Settings;
  run: (c: CaptureChange) => Promise<boolean>;
}) {
  const { site, settings, run } = props;
  return (
    <>
      {site && (
        <label className="row">
          <input
            type="checkbox"
            checked={!siteOn(settings, site)}
            onChange={(e) => {
              const sites = { ...settings.capture.sites, [site]: !e.target.checked };
              void run({ sites });
            }}
          />
          Pause capture on {SITE_LABELS[site]}
        </label>
      )}
      <label className="row">
        <input
          type="checkbox"
          checked={settings.capture.paused}
          onChange={(e) => void run({ paused: e.target.checked })}
        />
        Pause all capture
      </label>
    </>
  );
}

export function CaptureStatus() {
  const { status, tabId } = useTabStatus();
  const settings = useSettings();
  const words = captureWords(status, settings);
  const site = status?.site;
  const { run, error } = useAction(async (change: CaptureChange) => {
    const next = await readSettings();
    await writeSettings({ ...next, capture: { ...next.capture, ...change } });
  });
  return (
    <section className="stack" aria-label="Capture">
      <p role="status" className={words.problem ? 'error' : undefined}>
        {words.headline}
      </p>
      {words.detail && (
        <details>
          <summary>Details</summary>
          <p className="muted">{words.detail}</p>
        </details>
      )}
      <PauseToggles site={site ?? null} settings={settings} run={run} />
      {site && tabId !== null && <VendorMemoryImport site={site} tabId={tabId} />}
      {error && (
        <p role="alert" className="error">
          Could not change capture: {error}
        </p>
      )}
    </section>
  );
}
