// Pairing (#27): a new secret, shown once as each app's configuration. A new one revokes the old at once.
import { useState } from 'react';
import type { AgentSettingsView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { dateLabel } from '../shared/labels';
import { Button, describedBy, ErrorText, Field } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { agentConfigs, PLACEHOLDER_PATH } from './config';

function Config({ app, where, text }: { app: string; where: string; text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = useAction(async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  });
  return (
    <div className="stack tight">
      <h3>{app}</h3>
      <p className="muted small">{where}</p>
      <textarea
        className="config"
        aria-label={`Configuration for ${app}`}
        readOnly
        rows={text.split('\n').length}
        value={text}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="row">
        <Button onClick={() => void copy.run()}>Copy for {app}</Button>
        <span role="status" className="muted small">
          {copied ? 'Copied.' : ''}
        </span>
      </div>
      <ErrorText what="Could not copy" error={copy.error} tryThis="Select the text and copy it by hand." />
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
  return (
    <Field
      id="agent-path"
      label="Where engram-mcp.js is on this computer"
      hint="Fills in the configuration below."
    >
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
  return (
    <div className="stack">
      <p role="status">Shown only now: copy it into each app. To see a secret again, make a new one.</p>
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
      <h2>Pair an app</h2>
      <PathField path={path} setPath={setPath} save={savePath} />
      <p className="muted">
        {view.pairedAt
          ? `A secret made ${dateLabel(view.pairedAt)} is in use. A new one replaces it: apps set up with the old one are refused until you paste the new configuration.`
          : 'Make a secret, then paste the configuration into each app you use.'}
      </p>
      <div className="row">
        <Button
          variant={view.pairedAt ? 'plain' : 'primary'}
          busy={make.busy}
          onClick={() => void make.run()}
        >
          {view.pairedAt ? 'New secret' : 'Make a secret'}
        </Button>
      </div>
      <ErrorText what="Could not make a secret" error={make.error} tryThis="Try again." />
      {secret && <Shown secret={secret} path={path} />}
    </div>
  );
}
