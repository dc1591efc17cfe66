// Who is connected, when each last asked and what (#27). The names are the ones the apps gave themselves.
import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import type { AgentAsked, AgentsStatus } from '../../lib/model/agents';
import { agentsStatusItem } from '../../lib/store/agents';
import { dateLabel } from '../shared/labels';
import { refusedLine } from './refusedWords';
import { EmptyState } from '../shared/ui';

function useStatus(): AgentsStatus | null {
  const [status, setStatus] = useState<AgentsStatus | null>(null);
  useEffect(() => {
    void agentsStatusItem.getValue().then(setStatus);
    return agentsStatusItem.watch((next) => setStatus(next));
  }, []);
  return status;
}

function Asked({ a }: { a: AgentAsked }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {t(`agents.asked.${a.tool}`, {
        when: dateLabel(t, a.at, i18n.language),
        what: a.what,
        outcome: a.outcome,
      })}
    </>
  );
}

function Links({ status }: { status: AgentsStatus }) {
  const { t, i18n } = useTranslation();
  const last = (port: number, name: string | undefined) =>
    status.asked.find((a) => a.port === port && (!name || a.agent === name));
  return (
    <ul className="plain stack" aria-label={t('agents.connected')}>
      {status.report.links.map((l) => {
        const asked = last(l.port, l.agent?.name);
        return (
          <li key={l.port} className="stack tight">
            <strong>
              {l.agent?.name ? t('agents.named', { name: l.agent.name }) : t('agents.unnamed')}
              {l.agent?.version ? ` ${l.agent.version}` : ''}
            </strong>
            <span className="muted small">
              {t('agents.since', { when: dateLabel(t, l.since, i18n.language), port: l.port })}{' '}
              {asked ? (
                <>
                  {t('agents.lastAsked')} <Asked a={asked} />
                </>
              ) : (
                t('agents.notAsked')
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function History({ status }: { status: AgentsStatus }) {
  const { t, i18n } = useTranslation();
  const { refused } = status.report;
  return (
    <>
      {refused.length > 0 && (
        <ul className="plain small" aria-label={t('agents.refused')}>
          {refused.map((r) => (
            <li key={`${r.port}-${r.at}`} className="error">
              {refusedLine(t, r, dateLabel(t, r.at, i18n.language))}
            </li>
          ))}
        </ul>
      )}
      {status.asked.length > 0 && (
        <details>
          <summary>{t('agents.everything', { count: status.asked.length })}</summary>
          <ol className="plain small">
            {status.asked.map((a, i) => (
              <li key={`${a.at}-${i}`}>
                {t('agents.named', { name: a.agent })} <Asked a={a} />
              </li>
            ))}
          </ol>
        </details>
      )}
    </>
  );
}

export function Connected({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const status = useStatus();
  if (!status) return <p className="muted">{t('common.loading')}</p>;
  return (
    <div className="card stack">
      <h2>{t('agents.connected')}</h2>
      {status.report.links.length === 0 ? (
        <EmptyState title={enabled ? t('agents.noneConnected') : t('agents.off')}>
          {enabled ? t('agents.noneConnectedHint') : t('agents.offHint')}
        </EmptyState>
      ) : (
        <Links status={status} />
      )}
      <History status={status} />
    </div>
  );
}
