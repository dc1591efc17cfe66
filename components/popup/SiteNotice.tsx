// The popup on a site where Engram does not read (#24): switched off by the person, or withheld by the browser.
// Either way it says so in plain words, what that means, and where to change it.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SITE_HOSTS } from '../../lib/model/site-hosts';
import { SITE_LABELS } from '../../lib/sites/registry';
import { orList } from '../shared/labels';
import { allowSteps } from '../shared/siteAccess';
import { optionsUrl } from './Counts';
import type { SiteState } from './popupSite';

type Notice = Extract<SiteState, { kind: 'off' | 'withheld' }>;

function steps(t: TFunction, state: Extract<Notice, { kind: 'withheld' }>): string {
  const [only, ...more] = state.sites;
  const host = state.host ?? (only && more.length === 0 ? SITE_HOSTS[only][0] : undefined);
  return host ? allowSteps(t, host) : t('siteNotice.stepsElsewhere');
}

export function SiteNotice({ state }: { state: Notice }) {
  const { t, i18n } = useTranslation();
  if (state.kind === 'off')
    return (
      <div className="stack tight">
        <p role="status">{t('capture.siteOff', { site: SITE_LABELS[state.site] })}</p>
        <p className="muted">{t('siteNotice.offDetail')}</p>
      </div>
    );
  const status = state.host
    ? t('siteNotice.withheldHost', { host: state.host })
    : t('siteNotice.withheldSites', {
        sites: orList(
          state.sites.map((s) => SITE_LABELS[s]),
          i18n.language,
        ),
      });
  return (
    <div className="stack tight">
      <p role="status">{status}</p>
      <p className="muted">
        {t('siteNotice.withheldDetail')} {steps(t, state)}
      </p>
      <a href={optionsUrl('settings')} target="_blank" rel="noreferrer">
        {t('siteNotice.openSettings')}
      </a>
    </div>
  );
}
