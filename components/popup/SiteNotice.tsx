// The popup on a site where Engram does not read (#24): switched off by the person, or withheld by the browser.
// Either way it says so in plain words, what that means, and where to change it.
import { SITE_HOSTS, SITE_LABELS } from '../../lib/sites/registry';
import { orList } from '../shared/captureWords';
import { allowSteps } from '../shared/siteAccess';
import { optionsUrl } from './Counts';
import type { SiteState } from './popupSite';

const SETTINGS_LINK = (
  <a href={optionsUrl('settings')} target="_blank" rel="noreferrer">
    Open Settings → Sites
  </a>
);

type Notice = Extract<SiteState, { kind: 'off' | 'withheld' }>;

function steps(state: Extract<Notice, { kind: 'withheld' }>): string {
  const [only, ...more] = state.sites;
  const host = state.host ?? (only && more.length === 0 ? SITE_HOSTS[only][0] : undefined);
  return host ? allowSteps(host) : 'Settings → Sites says how to allow each.';
}

export function SiteNotice({ state }: { state: Notice }) {
  if (state.kind === 'off')
    return (
      <div className="stack tight">
        <p role="status">Engram is off for {SITE_LABELS[state.site]}.</p>
        <p className="muted">
          It captures nothing on this site and shows no Insert memory button here; what it captured before
          stays. Turn it back on below, or in Options → Settings → Sites.
        </p>
      </div>
    );
  const what = state.host ? `this site (${state.host})` : orList(state.sites.map((s) => SITE_LABELS[s]));
  return (
    <div className="stack tight">
      <p role="status">Engram cannot read {what}: your browser has not allowed it.</p>
      <p className="muted">
        Nothing is captured there and no Insert memory button shows until you allow it. {steps(state)}
      </p>
      {SETTINGS_LINK}
    </div>
  );
}
