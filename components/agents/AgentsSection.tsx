// Options → Desktop apps (#27): one switch for every agent, the consent and scope options, pairing, and who is
// connected. The background keeps all of it (lib/background/agents/agent-settings.ts); this page asks and shows.
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import type { AgentSettingsPatch, AgentSettingsView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { ErrorText, Section } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { Connected } from './Connected';
import { Pairing } from './Pairing';

// Each check's words are agents.check.<key>.label and .hint in the catalogue (#37).
const CHECKS = [
  'enabled',
  'askEachTime',
  'includeScoped',
] as const satisfies readonly (keyof AgentSettingsPatch & keyof AgentSettingsView)[];

function Access({ view, setView }: { view: AgentSettingsView; setView: (v: AgentSettingsView) => void }) {
  const { t } = useTranslation();
  const save = useAction(async (patch: AgentSettingsPatch) => setView(await sendMessage('setAgents', patch)));
  return (
    // Busy while a change is being stored: what the person sees checked is not yet what an app gets (#27).
    <fieldset className="card stack" aria-busy={save.busy}>
      <legend>{t('agents.access')}</legend>
      {CHECKS.map((key) => (
        <div className="field check" key={key}>
          <input
            id={`agents-${key}`}
            type="checkbox"
            aria-describedby={`agents-${key}-hint`}
            checked={view[key] === true}
            onChange={(e) => {
              // Shown at once; the background's reply (the stored value) follows.
              setView({ ...view, [key]: e.target.checked });
              void save.run({ [key]: e.target.checked });
            }}
          />
          <label htmlFor={`agents-${key}`}>{t(`agents.check.${key}.label`)}</label>
          <small id={`agents-${key}-hint`} className="muted">
            {t(`agents.check.${key}.hint`)}
          </small>
        </div>
      ))}
      <ErrorText what={t('agents.saveFailed')} error={save.error} tryThis={t('common.tryAgain')} />
    </fieldset>
  );
}

export function AgentsSection() {
  const { t } = useTranslation();
  const [view, setView] = useState<AgentSettingsView | null>(null);
  const load = useAction(async () => setView(await sendMessage('getAgents', {})));
  useEffect(() => void load.run(), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Section id="agents" title={t('options.nav.agents')} intro={t('agents.intro')}>
      <ErrorText what={t('agents.loadFailed')} error={load.error} tryThis={t('common.reloadPage')} />
      {view && (
        <>
          <Access view={view} setView={setView} />
          <Pairing view={view} onChange={setView} />
          <Connected enabled={view.enabled} />
        </>
      )}
    </Section>
  );
}
