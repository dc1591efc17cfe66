import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { usageByDay, type UsageDay } from '../../lib/manage/usage';
import type { Job, JobStatus } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { conversationTitles, jobsWithStatus, listUsage } from '../../lib/store/views';
import { CaptureProblems } from './CaptureProblems';
import { LimitsToday } from './LimitsToday';
import { PrivateChats } from './PrivateChats';
import { attemptsLabel, conversationLabel, dateLabel, jobTurnsLabel } from '../shared/labels';
import { Button, EmptyState, ErrorText, Section } from '../shared/ui';
import { useAction } from '../shared/useAction';

const STATUSES: [JobStatus, string][] = [
  ['failed', 'Failed'],
  ['running', 'Running'],
  ['pending', 'Waiting'],
  ['done', 'Done'],
];

/** Retry is named after its chat and described by its row: several failed jobs must not read alike (#16). */
function JobRow({ job, title }: { job: Job; title: string | undefined }) {
  const retry = useAction(() => sendMessage('retryJob', { id: job.id }));
  const chat = conversationLabel(job.conversationKey, title);
  const rowId = useId();
  return (
    <li className="row">
      <span className="grow" id={rowId}>
        Read {chat}
        {attemptsLabel(job.attempts)} · {dateLabel(job.updatedAt)}
        {job.lastError && <span className="error"> · {job.lastError}</span>}
        {jobTurnsLabel(job) && <span className="muted"> · {jobTurnsLabel(job)}</span>}
      </span>
      {job.status === 'failed' && (
        <Button
          busy={retry.busy}
          onClick={() => void retry.run()}
          aria-label={`Retry reading ${chat}`}
          aria-describedby={rowId}
        >
          Retry
        </Button>
      )}
      <ErrorText what="Could not retry" error={retry.error} tryThis="Reload the page and try again." />
    </li>
  );
}

function Jobs() {
  const found = useLiveQuery(async () => {
    const groups = await Promise.all(STATUSES.map(([s]) => jobsWithStatus(s, 20)));
    return { groups, titles: await conversationTitles(groups.flat().map((j) => j.conversationKey)) };
  }, []);
  if (!found) return <p className="muted">Loading jobs…</p>;
  const { groups, titles } = found;
  if (groups.every((g) => g.length === 0))
    return (
      <EmptyState title="No extraction jobs yet.">
        Choose a model in the Model section; Engram then reads each quiet conversation for memories.
      </EmptyState>
    );
  return (
    <div className="stack">
      {STATUSES.map(([status, label], i) => (
        <div key={status} className="card stack tight">
          <h3>
            {label} ({groups[i]?.length ?? 0})
          </h3>
          <ul className="plain" aria-label={`${label} jobs`}>
            {groups[i]?.length === 0 && <li className="muted">None.</li>}
            {groups[i]?.map((j) => (
              <JobRow key={j.id} job={j} title={titles.get(j.conversationKey)} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Calls whose price is unknown (no price table entry, or a local model) are said to be unknown, not $0. */
function costLabel(r: UsageDay): string {
  if (r.costComplete) return `$${r.costUsd.toFixed(4)}`;
  return r.costUsd > 0 ? `$${r.costUsd.toFixed(4)} + unknown` : 'unknown';
}

function Usage() {
  const rows = useLiveQuery(async () => usageByDay(await listUsage()), []);
  if (!rows) return <p className="muted">Loading usage…</p>;
  if (rows.length === 0)
    return (
      <EmptyState title="No model calls yet.">
        Usage appears here once a provider has been called; local WebLLM calls cost nothing.
      </EmptyState>
    );
  return (
    <table className="usage">
      <caption className="sr-only">Model usage by day</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Provider</th>
          <th scope="col">Model</th>
          <th scope="col">Calls</th>
          <th scope="col">Tokens in</th>
          <th scope="col">Tokens out</th>
          <th scope="col">Est. cost</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.day}${r.provider}${r.model}${r.imported}`}>
            <td>{r.day}</td>
            <td>{r.imported ? `${r.provider} (imported)` : r.provider}</td>
            <td>{r.model}</td>
            <td>{r.calls}</td>
            <td>{r.promptTokens}</td>
            <td>{r.completionTokens}</td>
            <td>{costLabel(r)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ActivitySection() {
  return (
    <Section
      id="activity"
      title="Activity"
      intro="What Engram is doing in the background, and what the model calls cost."
    >
      <h2>Extraction jobs</h2>
      <Jobs />
      <h2>Today's limits</h2>
      <LimitsToday />
      <h2>Usage</h2>
      <Usage />
      <h2>Capture problems</h2>
      <CaptureProblems />
      <h2>Private chats</h2>
      <PrivateChats />
    </Section>
  );
}
