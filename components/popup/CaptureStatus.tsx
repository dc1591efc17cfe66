import { useEffect, useState } from 'react';
import type { CaptureStatus as Status } from '../../lib/model/messages';
import type { Site } from '../../lib/model/site';
import { DEFAULT_SETTINGS, siteOn, type Settings } from '../../lib/model/settings';
import { readSettings, writeSettings, writeSiteOn } from '../../lib/settings';
import { SITE_LABELS } from '../../lib/sites/registry';
import { watchTabStatus } from '../../lib/store/status';
import { captureWords } from '../shared/captureWords';
import { useAction } from '../shared/useAction';
import { siteState, type PopupSite } from './popupSite';
import { SiteNotice } from './SiteNotice';
import { VendorMemoryImport } from './VendorMemoryImport';

function useTabStatus(tabId: number | null): Status | null {
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => (tabId === null ? undefined : watchTabStatus(tabId, setStatus)), [tabId]);
  return status;
}

type Change = { site: Site; on: boolean } | { paused: boolean };

function Toggles(props: { site: Site | null; settings: Settings; run: (c: Change) => Promise<boolean> }) {
  const { site, settings, run } = props;
  return (
    <>
      {site && (
        <label className="row">
          <input
            type="checkbox"
            checked={siteOn(settings, site)}
            onChange={(e) => void run({ site, on: e.target.checked })}
          />
          Engram on {SITE_LABELS[site]}
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

async function change(c: Change): Promise<void> {
  if ('site' in c) return writeSiteOn(c.site, c.on);
  const next = await readSettings();
  await writeSettings({ ...next, capture: { ...next.capture, paused: c.paused } });
}

function StatusWords({ status, settings }: { status: Status | null; settings: Settings }) {
  const words = captureWords(status, settings);
  return (
    <>
      <p role="status" className={words.problem ? 'error' : undefined}>
        {words.headline}
      </p>
      {words.detail && (
        <details>
          <summary>Details</summary>
          <p className="muted">{words.detail}</p>
        </details>
      )}
    </>
  );
}

/**
 * The tab's capture in plain words; on a site Engram does not read (switched off, or withheld by the browser),
 * why and where to change it (#24).
 */
export function CaptureStatus({ site }: { site: PopupSite }) {
  const status = useTabStatus(site.tabId);
  const settings = site.settings ?? DEFAULT_SETTINGS;
  const state = siteState(site);
  // The site the toggle is for: the tab's, or the one its status names when the browser hides the address.
  const here = site.tab?.site ?? status?.site ?? null;
  const { run, error } = useAction(change);
  return (
    <section className="stack" aria-label="Capture">
      {state.kind === 'off' || state.kind === 'withheld' ? (
        <SiteNotice state={state} />
      ) : (
        <StatusWords status={status} settings={settings} />
      )}
      <Toggles site={state.kind === 'withheld' ? null : here} settings={settings} run={run} />
      {state.kind === 'chat' && site.tabId !== null && (
        <VendorMemoryImport site={state.site} tabId={site.tabId} />
      )}
      {error && (
        <p role="alert" className="error">
          Could not change capture: {error}
        </p>
      )}
    </section>
  );
}
