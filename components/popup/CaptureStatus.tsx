import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaptureStatus as Status } from '../../lib/model/messages';
import type { Site } from '../../lib/model/site';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/model/settings';
import { readSettings, writeSettings } from '../../lib/settings';
import { SITE_LABELS, siteInfo } from '../../lib/sites/registry';
import { watchTabStatus } from '../../lib/store/status';
import { captureWords } from '../shared/captureWords';
import { useAction } from '../shared/useAction';
import { useSiteSwitches } from '../shared/useSiteSwitches';
import { siteState, type PopupSite } from './popupSite';
import { SiteNotice } from './SiteNotice';
import { VendorMemoryImport } from './VendorMemoryImport';

function useTabStatus(tabId: number | null): Status | null {
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    if (tabId === null) return;
    let live = true;
    const stop = watchTabStatus(tabId, (s) => live && setStatus(s));
    return () => {
      live = false;
      stop();
    };
  }, [tabId]);
  return status;
}

function Toggles({ site, settings }: { site: Site | null; settings: Settings | null }) {
  const { t } = useTranslation();
  const switches = useSiteSwitches(settings);
  const pause = useAction(async (paused: boolean) => {
    const next = await readSettings();
    await writeSettings({ ...next, capture: { ...next.capture, paused } });
  });
  const error = switches.error ?? pause.error;
  return (
    <>
      {site && (
        <label className="row">
          <input
            type="checkbox"
            checked={switches.isOn(site)}
            onChange={(e) => switches.turn(site, e.target.checked)}
          />
          {t('popup.siteOn', { site: SITE_LABELS[site] })}
        </label>
      )}
      <label className="row">
        <input
          type="checkbox"
          checked={(settings ?? DEFAULT_SETTINGS).capture.paused}
          onChange={(e) => void pause.run(e.target.checked)}
        />
        {t('popup.pauseAll')}
      </label>
      {error && (
        <p role="alert" className="error">
          {t('common.error', { what: t('popup.changeFailed'), reason: error })}
        </p>
      )}
    </>
  );
}

function StatusWords({ status, settings }: { status: Status | null; settings: Settings }) {
  const { t, i18n } = useTranslation();
  const words = captureWords(t, i18n.language, status, settings);
  return (
    <>
      <p role="status" className={words.problem ? 'error' : undefined}>
        {words.headline}
      </p>
      {words.detail && (
        <details>
          <summary>{t('popup.details')}</summary>
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
  const { t } = useTranslation();
  const status = useTabStatus(site.tabId);
  const settings = site.settings ?? DEFAULT_SETTINGS;
  const state = siteState(site);
  // The site the toggle is for: the tab's, or the one its status names when the browser hides the address.
  const here = site.tab?.site ?? status?.site ?? null;
  return (
    <section className="stack" aria-label={t('popup.capture')}>
      {state.kind === 'off' || state.kind === 'withheld' ? (
        <SiteNotice state={state} />
      ) : (
        <StatusWords status={status} settings={settings} />
      )}
      <Toggles site={state.kind === 'withheld' ? null : here} settings={site.settings} />
      {state.kind === 'chat' && site.tabId !== null && siteInfo(state.site).savedMemoriesUrl && (
        <VendorMemoryImport site={state.site} tabId={site.tabId} />
      )}
    </section>
  );
}
