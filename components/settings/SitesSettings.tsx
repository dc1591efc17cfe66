// Settings → Sites (#24): where Engram reads. One switch per site of the registry, applied at once (not with
// Save settings: a person turning a site off means now), and whether the browser lets Engram read that site,
// with a button that asks for it where it is withheld.
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Site } from '../../lib/model/site';
import { SITE_HOSTS } from '../../lib/model/site-hosts';
import { SITE_LABELS } from '../../lib/sites/registry';
import { andList } from '../shared/labels';
import { allowSteps, askHosts, useWithheld, type Withheld } from '../shared/siteAccess';
import { useSettings } from '../shared/useSettings';
import { useSiteSwitches } from '../shared/useSiteSwitches';
import { Button, ErrorText } from '../shared/ui';

/** What the browser allows for one site, and how to change it when it withholds a host. */
function AccessLine(props: { site: Site; withheld: readonly string[] | null; recheck: () => void }) {
  const { t, i18n } = useTranslation();
  const { site, withheld, recheck } = props;
  const [refused, setRefused] = useState(false);
  const id = `site-${site}-access`;
  const list = (hosts: readonly string[]) => andList(hosts, i18n.language);
  if (withheld === null) return null;
  if (withheld.length === 0)
    return (
      <small id={id} className="muted">
        {t('sites.allowed', { hosts: list(SITE_HOSTS[site]) })}
      </small>
    );
  // The request starts inside the click: the browser asks only in answer to a user gesture.
  const ask = () => void askHosts(withheld).then((granted) => (setRefused(!granted), recheck()));
  return (
    <div id={id} className="stack tight">
      <p className="error">{t('sites.withheld', { hosts: list(withheld) })}</p>
      <div className="row">
        <Button onClick={ask}>{t('sites.allow', { site: SITE_LABELS[site] })}</Button>
      </div>
      <p className="muted">{allowSteps(t, withheld[0] ?? SITE_HOSTS[site][0] ?? '')}</p>
      {refused && <p role="status">{t('sites.refused')}</p>}
    </div>
  );
}

function SiteRow(props: {
  site: Site;
  on: boolean;
  withheld: readonly string[] | null;
  recheck: () => void;
  turn: (site: Site, on: boolean) => void;
}) {
  const { i18n } = useTranslation();
  const { site, on, withheld, recheck, turn } = props;
  const id = `site-${site}`;
  return (
    <li className="field check">
      <input
        id={id}
        type="checkbox"
        checked={on}
        aria-describedby={`${id}-hint${withheld === null ? '' : ` ${id}-access`}`}
        onChange={(e) => turn(site, e.target.checked)}
      />
      <label htmlFor={id}>{SITE_LABELS[site]}</label>
      <small id={`${id}-hint`} className="muted">
        {andList(SITE_HOSTS[site], i18n.language)}
      </small>
      <AccessLine site={site} withheld={withheld} recheck={recheck} />
    </li>
  );
}

export function SitesSettings() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [withheld, recheck]: [Withheld | null, () => void] = useWithheld();
  const { isOn, turn, error } = useSiteSwitches(settings);
  return (
    <fieldset className="card stack" aria-describedby="sites-note">
      <legend>{t('sites.title')}</legend>
      <p id="sites-note" className="muted">
        {t('sites.note')}
      </p>
      {settings ? (
        <ul className="stack plain">
          {Site.options.map((site) => (
            <SiteRow
              key={site}
              site={site}
              on={isOn(site)}
              withheld={withheld?.[site] ?? null}
              recheck={recheck}
              turn={turn}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">{t('sites.loading')}</p>
      )}
      <ErrorText what={t('sites.failed')} error={error} tryThis={t('common.reloadAndRetry')} />
    </fieldset>
  );
}
