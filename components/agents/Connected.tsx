// Who is connected, when each last asked and what (#27). The names are the ones the apps gave themselves.
import { useEffect, useState } from 'react';
import type { AgentAsked, AgentsStatus } from '../../lib/model/agents';
import { agentsStatusItem } from '../../lib/store/agents';
import { dateLabel } from '../shared/labels';
import { EmptyState } from '../shared/ui';

const TOOLS: Record<AgentAsked['tool'], string> = {
  search_memory: 'searched for',
  list_memories: 'listed memories:',
  remember: 'proposed',
};

function useStatus(): AgentsStatus | null {
  const [status, setStatus] = useState<AgentsStatus | null>(null);
  useEffect(() => {
    void agentsStatusItem.getValue().then(setStatus);
    return agentsStatusItem.watch((next) => setStatus(next));
  }, []);
  return status;
}

function Asked({ a }: { a: AgentAsked }) {
  return (
    <>
      {dateLabel(a.at)}: {TOOLS[a.tool]} “{a.what}” ({a.outcome})
    </>
  );
}

function Links({ status }: { status: AgentsStatus }) {
  const last = (port: number, name: string | undefined) =>
    status.asked.find((a) => a.port === port && (!name || a.agent === name));
  return (
    <ul className="plain stack" aria-label="Connected apps">
      {status.report.links.map((l) => {
        const asked = last(l.port, l.agent?.name);
        return (
          <li key={l.port} className="stack tight">
            <strong>
              “{l.agent?.name || 'An app that has not named itself yet'}”
              {l.agent?.version ? ` ${l.agent.version}` : ''}
            </strong>
            <span className="muted small">
              Connected {dateLabel(l.since)} on port {l.port}.{' '}
              {asked ? (
                <>
                  Last asked <Asked a={asked} />
                </>
              ) : (
                'It has not asked anything yet.'
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function History({ status }: { status: AgentsStatus }) {
  const { refused } = status.report;
  return (
    <>
      {refused.length > 0 && (
        <ul className="plain small" aria-label="Refused">
          {refused.map((r) => (
            <li key={`${r.port}-${r.at}`} className="error">
              Port {r.port}, {dateLabel(r.at)}: refused, {r.why}.
            </li>
          ))}
        </ul>
      )}
      {status.asked.length > 0 && (
        <details>
          <summary>Everything apps asked since the browser started ({status.asked.length})</summary>
          <ol className="plain small">
            {status.asked.map((a, i) => (
              <li key={`${a.at}-${i}`}>
                “{a.agent}” <Asked a={a} />
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}

export function Connected({ enabled }: { enabled: boolean }) {
  const status = useStatus();
  if (!status) return <p className="muted">Loading…</p>;
  return (
    <div className="card stack">
      <h2>Connected apps</h2>
      {status.report.links.length === 0 ? (
        <EmptyState title={enabled ? 'No app is connected.' : 'Desktop apps are off.'}>
          {enabled
            ? 'An app connects when it starts Engram’s server with this secret.'
            : 'Switch them on above to let the apps you paired ask.'}
        </EmptyState>
      ) : (
        <Links status={status} />
      )}
      <History status={status} />
    </div>
  );
}
