// Pairing (#27): a new secret, shown once as each app's configuration. A new one revokes the old at once.
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { AgentSettingsView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { dateLabel } from '../shared/labels';
import { Button, describedBy, ErrorText, Field } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { type AgentConfig, agentConfigs, PLACEHOLDER_PATH } from './config';

function Config({ id, app, text }: AgentConfig) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = useAction(async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  });
  return (
    <div className="stack tight">
      <h3>{app}</h3>
      <p className="muted small">{t(`agents.where.${id}`)}</p>
      <textarea
        className="config"
        aria-label={t('agents.configFor', { app })}
        readOnly
        rows={text.split('\n').length}
        value={text}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="row">
        <Button onClick={() => void copy.run()}>{t('agents.copyFor', { app })}</Button>
        <span role="status" className="muted small">
          {copied ? t('agents.copied') : ''}
        </span>
      </div>
      <ErrorText what={t('agents.copyFailed')} error={copy.error} tryThis={t('agents.copyFailedTry')} />
    </div>
  );
}

function PathField({
  path,
  setPath,
  save,
}: {
  path: string;
  setPath: (p: string) => void;
  save: (p: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field id="agent-path" label={t('agents.path')} hint={t('agents.pathHint')}>
      <input
        id="agent-path"
        type="text"
        placeholder={PLACEHOLDER_PATH}
        aria-describedby={describedBy('agent-path', true, null)}
        value={path}
        onChange={(e) => setPath(e.target.value)}
        onBlur={(e) => save(e.target.value)}
      />
    </Field>
  );
}

function Shown({ secret, path }: { secret: string; path: string }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p role="status">{t('agents.shownOnce')}</p>
      {agentConfigs(secret, path).map((c) => (
        <Config key={c.app} {...c} />
      ))}
    </div>
  );
}

export function Pairing({
  view,
  onChange,
}: {
  view: AgentSettingsView;
  onChange: (v: AgentSettingsView) => void;
}) {
  const { t, i18n } = useTranslation();
  const [secret, setSecret] = useState<string | null>(null);
  const [path, setPath] = useState(view.serverPath);
  const make = useAction(async () => {
    const made = await sendMessage('newAgentSecret', {});
    setSecret(made.secret);
    onChange({ ...view, pairedAt: made.pairedAt });
  });
  const savePath = (value: string) => void sendMessage('setAgents', { serverPath: value }).then(onChange);
  return (
    <div className="card stack">
      <h2>{t('agents.pair')}</h2>
      <PathField path={path} setPath={setPath} save={savePath} />
      <p className="muted">
        {view.pairedAt
          ? t('agents.inUse', { when: dateLabel(t, view.pairedAt, i18n.language) })
          : t('agents.makeFirst')}
      </p>
      <div className="row">
        <Button
          variant={view.pairedAt ? 'plain' : 'primary'}
          busy={make.busy}
          onClick={() => void make.run()}
        >
          {view.pairedAt ? t('agents.newSecret') : t('agents.makeSecret')}
        </Button>
      </div>
      <ErrorText what={t('agents.makeFailed')} error={make.error} tryThis={t('common.tryAgain')} />
      {secret && <Shown secret={secret} path={path} />}
    </div>
  );
}
