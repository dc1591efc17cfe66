// Options → Desktop apps (#27): one switch for every agent, the consent and scope options, pairing, and who is
// connected. The background keeps all of it (lib/background/agents/agent-settings.ts); this page asks and shows.
import { useEffect, useState } from 'react';
import type { AgentSettingsPatch, AgentSettingsView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { ErrorText, Section } from '../shared/ui';
import { useAction } from '../shared/useAction';
import { Connected } from './Connected';
import { Pairing } from './Pairing';

const CHECKS: { key: keyof AgentSettingsPatch & keyof AgentSettingsView; label: string; hint: string }[] = [
  {
    key: 'enabled',
    label: 'Let desktop apps use my memories',
    hint: 'Claude Desktop, Cursor, Claude Code and other MCP apps you paired may search and list your memories and propose new ones. Off: Engram opens no connection at all.',
  },
  {
    key: 'askEachTime',
    label: 'Ask me each time',
    hint: 'Before an app’s search or list is answered, a small Engram window asks you; after 30 s without an answer, the app is told no.',
  },
  {
    key: 'includeScoped',
    label: 'Include memories kept to one site or project',
    hint: 'Off: apps get only memories meant for everywhere.',
  },
];

function Access({ view, setView }: { view: AgentSettingsView; setView: (v: AgentSettingsView) => void }) {
  const save = useAction(async (patch: AgentSettingsPatch) => setView(await sendMessage('setAgents', patch)));
  return (
    // Busy while a change is being stored: what the person sees checked is not yet what an app gets (#27).
    <fieldset className="card stack" aria-busy={save.busy}>
      <legend>Access</legend>
      {CHECKS.map((c) => (
        <div className="field check" key={c.key}>
          <input
            id={`agents-${c.key}`}
            type="checkbox"
            aria-describedby={`agents-${c.key}-hint`}
            checked={view[c.key] === true}
            onChange={(e) => {
              // Shown at once; the background's reply (the stored value) follows.
              setView({ ...view, [c.key]: e.target.checked });
              void save.run({ [c.key]: e.target.checked });
            }}
          />
          <label htmlFor={`agents-${c.key}`}>{c.label}</label>
          <small id={`agents-${c.key}-hint`} className="muted">
            {c.hint}
          </small>
        </div>
      ))}
      <ErrorText what="Could not save" error={save.error} tryThis="Try again." />
    </fieldset>
  );
}

export function AgentsSection() {
  const [view, setView] = useState<AgentSettingsView | null>(null);
  const load = useAction(async () => setView(await sendMessage('getAgents', {})));
  useEffect(() => void load.run(), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Section
      id="agents"
      title="Desktop apps"
      intro="Your memory in the AI apps on this computer, through Engram’s MCP server. Nothing leaves this computer: Engram connects only to 127.0.0.1, and only while this is on. What an app proposes waits in Review."
    >
      <ErrorText what="Could not load Desktop apps" error={load.error} tryThis="Reload the page." />
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
