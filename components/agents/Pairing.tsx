// Pairing (#27, #34 items 8 and 10): where engram-mcp.js and node are, a new secret shown once, the `pair` command
// that saves it to a file only the person can read, and each app's configuration, which holds no secret. A new
// secret revokes the old at once. Both paths must be full ones: an empty, relative or `~` path is refused with
// what to type, never replaced by a placeholder.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentConfigs, pathProblemOf } from '../../lib/agents/config';
import type { AgentSettingsView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { dateLabel } from '../shared/labels';
import { Button, describedBy, ErrorText, Field } from '../shared/ui';
import { useAction } from '../shared/useAction';

function Copyable({ label, text, rows }: { label: string; text: string; rows?: number }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = useAction(async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  });
  return (
    <>
      <textarea
        className="config"
        aria-label={label}
        readOnly
        rows={rows ?? text.split('\n').length}
        value={text}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="row">
        <Button aria-label={t('agents.copyLabel', { label })} onClick={() => void copy.run()}>
          {t('agents.copy')}
        </Button>
        <span role="status" className="muted small">
          {copied ? t('agents.copied') : ''}
        </span>
      </div>
      <ErrorText what={t('agents.copyFailed')} error={copy.error} tryThis={t('agents.copyFailedTry')} />
    </>
  );
}

interface PathInput {
  value: string;
  set(v: string): void;
  error: string | null;
  save(): void;
}

function PathField({
  id,
  label,
  hint,
  input,
}: {
  id: string;
  label: string;
  hint: string;
  input: PathInput;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={input.error}>
      <input
        id={id}
        type="text"
        spellCheck={false}
        aria-invalid={input.error ? true : undefined}
        aria-describedby={describedBy(id, true, input.error)}
        value={input.value}
        onChange={(e) => input.set(e.target.value)}
        onBlur={input.save}
      />
    </Field>
  );
}

/** The secret, once, and the command that saves it where only the person can read it. */
function Secret({ secret, node, server }: { secret: string; node: string; server: string }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p role="status">{t('agents.shownOnce')}</p>
      <h3>{t('agents.saveSecret')}</h3>
      <p className="muted small">{t('agents.saveSecretHint')}</p>
      <Copyable label={t('agents.pairCommand')} text={`"${node}" "${server}" pair`} rows={1} />
      <Copyable label={t('agents.secret')} text={secret} rows={1} />
    </div>
  );
}

function Configs({ node, server }: { node: string; server: string }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <h3>{t('agents.configs')}</h3>
      <p className="muted small">{t('agents.configsHint')}</p>
      {agentConfigs(node, server).map((c) => (
        <div key={c.app} className="stack tight">
          <h4>{c.app}</h4>
          <p className="muted small">{t(`agents.where.${c.id}`)}</p>
          <Copyable label={t('agents.configFor', { app: c.app })} text={c.text} />
        </div>
      ))}
    </div>
  );
}

function usePath(
  initial: string,
  what: string,
  key: 'serverPath' | 'nodePath',
): PathInput & { check(): boolean } {
  const { t } = useTranslation();
  const [value, set] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const check = () => {
    const problem = pathProblemOf(value);
    setError(problem ? t(`agents.pathProblem.${problem}`, { what }) : null);
    return problem === null;
  };
  const save = () => {
    if (check()) void sendMessage('setAgents', { [key]: value.trim() });
  };
  return { value, set, error, save, check };
}

function Paths({ server, node }: { server: PathInput; node: PathInput }) {
  const { t } = useTranslation();
  return (
    <>
      <PathField id="agent-path" label={t('agents.path')} hint={t('agents.pathHint')} input={server} />
      <PathField id="agent-node" label={t('agents.node')} hint={t('agents.nodeHint')} input={node} />
    </>
  );
}

type Checked = PathInput & { check(): boolean };

/**
 * Checks both paths, stores them, then makes the secret and shows it: the background stores them in this order
 * (#34 item 10).
 */
function useMakeSecret(
  server: Checked,
  node: Checked,
  show: (secret: string | null) => void,
  onChange: (v: AgentSettingsView) => void,
) {
  return useAction(async () => {
    if (![server.check(), node.check()].every(Boolean)) return;
    // The secret on screen is revoked in a moment: it goes at the click, so none is copied while the new one is
    // made (#34 item 10: the e2e read the old one there, and its server was refused by the new one).
    show(null);
    const paths = { serverPath: server.value.trim(), nodePath: node.value.trim() };
    const saved = await sendMessage('setAgents', paths);
    const made = await sendMessage('newAgentSecret', {});
    show(made.secret);
    onChange({ ...saved, pairedAt: made.pairedAt });
  });
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
  const server = usePath(view.serverPath, 'engram-mcp.js', 'serverPath');
  const node = usePath(view.nodePath, 'node', 'nodePath');
  const ready = !pathProblemOf(server.value) && !pathProblemOf(node.value);
  const make = useMakeSecret(server, node, setSecret, onChange);
  return (
    <div className="card stack">
      <h2>{t('agents.pair')}</h2>
      <Paths server={server} node={node} />
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
      {secret && <Secret secret={secret} node={node.value.trim()} server={server.value.trim()} />}
      {ready && <Configs node={node.value.trim()} server={server.value.trim()} />}
    </div>
  );
}
