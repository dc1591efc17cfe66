// Pairing (#27, #34 items 8 and 10): where engram-mcp.js and node are, a new secret shown once, the `pair` command
// that saves it to a file only the person can read, and each app's configuration, which holds no secret. A new
// secret revokes the old at once. Both paths must be full ones: an empty, relative or `~` path is refused with
// what to type, never replaced by a placeholder.
import { useState } from 'react';
import { agentConfigs, pathProblem } from '../../lib/agents/config';
import type { AgentSettingsView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { dateLabel } from '../shared/labels';
import { Button, describedBy, ErrorText, Field } from '../shared/ui';
import { useAction } from '../shared/useAction';

function Copyable({ label, text, rows }: { label: string; text: string; rows?: number }) {
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
        <Button aria-label={`Copy: ${label}`} onClick={() => void copy.run()}>
          Copy
        </Button>
        <span role="status" className="muted small">
          {copied ? 'Copied.' : ''}
        </span>
      </div>
      <ErrorText what="Could not copy" error={copy.error} tryThis="Select the text and copy it by hand." />
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
  return (
    <div className="stack">
      <p role="status">Shown only now. To see a secret again, make a new one.</p>
      <h3>1. Save the secret on this computer</h3>
      <p className="muted small">
        Run this in a terminal and paste the secret when it asks. It is not shown as you paste, nor kept in
        your shell’s history, and it is saved to a file only you can read. The command then prints the
        configurations below too.
      </p>
      <Copyable label="Command that saves the secret" text={`"${node}" "${server}" pair`} rows={1} />
      <Copyable label="Pairing secret" text={secret} rows={1} />
    </div>
  );
}

function Configs({ node, server }: { node: string; server: string }) {
  return (
    <div className="stack">
      <h3>Each app’s configuration</h3>
      <p className="muted small">It holds no secret: the server reads the file the command above saved.</p>
      {agentConfigs(node, server).map((c) => (
        <div key={c.app} className="stack tight">
          <h4>{c.app}</h4>
          <p className="muted small">{c.where}</p>
          <Copyable label={`Configuration for ${c.app}`} text={c.text} />
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
  const [value, set] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const check = () => {
    const problem = pathProblem(value, what);
    setError(problem);
    return problem === null;
  };
  const save = () => {
    if (check()) void sendMessage('setAgents', { [key]: value.trim() });
  };
  return { value, set, error, save, check };
}

function Paths({ server, node }: { server: PathInput; node: PathInput }) {
  return (
    <>
      <PathField
        id="agent-path"
        label="Where engram-mcp.js is on this computer"
        hint="The full path, e.g. /home/you/engram/mcp/dist/engram-mcp.js (npm install builds it)."
        input={server}
      />
      <PathField
        id="agent-node"
        label="Where node is"
        hint="The full path: apps started from the dock or Start menu often have no node on their PATH. In a terminal, command -v node (where node on Windows) prints it."
        input={node}
      />
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

const inUse = (pairedAt: string) =>
  `A secret made ${dateLabel(pairedAt)} is in use. A new one replaces it: apps set up with the old one are refused until you save the new one with the command it shows.`;

export function Pairing({
  view,
  onChange,
}: {
  view: AgentSettingsView;
  onChange: (v: AgentSettingsView) => void;
}) {
  const [secret, setSecret] = useState<string | null>(null);
  const server = usePath(view.serverPath, 'engram-mcp.js', 'serverPath');
  const node = usePath(view.nodePath, 'node', 'nodePath');
  const ready = !pathProblem(server.value, 'engram-mcp.js') && !pathProblem(node.value, 'node');
  const make = useMakeSecret(server, node, setSecret, onChange);
  return (
    <div className="card stack">
      <h2>Pair an app</h2>
      <Paths server={server} node={node} />
      <p className="muted">
        {view.pairedAt
          ? inUse(view.pairedAt)
          : 'Make a secret, save it with the command shown, then paste the configuration into each app you use.'}
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
      {secret && <Secret secret={secret} node={node.value.trim()} server={server.value.trim()} />}
      {ready && <Configs node={node.value.trim()} server={server.value.trim()} />}
    </div>
  );
}
