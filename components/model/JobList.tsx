import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import type { Job } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { NO_PROVIDER } from '../../lib/pipeline/queue';
import { listJobs } from '../../lib/store/jobs';
import { conversationTitles } from '../../lib/store/views';
import { attemptsLabel, conversationLabel, jobTurnsLabel } from '../shared/labels';
import { Button } from '../shared/ui';
import { useAction } from '../shared/useAction';

const STATUS: Record<Job['status'], string> = {
  pending: 'Waiting',
  running: 'Extracting',
  done: 'Done',
  failed: 'Failed',
};

/** Retry is named after its chat and described by its row: several failed jobs must not read alike (#16). */
function JobRow({ job, title }: { job: Job; title: string | undefined }) {
  const { run, error, busy } = useAction(() => sendMessage('retryJob', { id: job.id }));
  const chat = conversationLabel(job.conversationKey, title);
  const rowId = useId();
  return (
    <li className="card stack">
      <span id={rowId}>
        {chat} · <strong>{STATUS[job.status]}</strong>
        {attemptsLabel(job.attempts)}
      </span>
      {job.lastError && <span className={job.status === 'failed' ? 'error' : 'muted'}>{job.lastError}</span>}
      {jobTurnsLabel(job) && <span className="muted">{jobTurnsLabel(job)}</span>}
      {job.status === 'failed' && (
        <Button
          busy={busy}
          onClick={() => void run()}
          aria-label={`Retry reading ${chat}`}
          aria-describedby={rowId}
        >
          Retry
        </Button>
      )}
      {error && (
        <p role="alert" className="error">
          Could not retry: {error}
        </p>
      )}
    </li>
  );
}

/** Every job, with the titles of their chats. */
const useJobs = () =>
  useLiveQuery(async () => {
    const jobs = await listJobs();
    return { jobs, titles: await conversationTitles(jobs.map((j) => j.conversationKey)) };
  }, []);

/** The extraction queue: waiting, failed (dead letter, with Retry) and recent jobs (#4). */
export function JobList() {
  const found = useJobs();
  const now = useAction(() => sendMessage('extractNow', {}));
  if (!found) return null;
  const { jobs, titles } = found;
  const waiting = jobs.filter((j) => j.status === 'pending' && j.lastError === NO_PROVIDER).length;
  return (
    <section className="stack" aria-labelledby="jobs-title">
      <h2 id="jobs-title">Extraction jobs</h2>
      {waiting > 0 && (
        <p role="status">
          {NO_PROVIDER}: {waiting} conversation{waiting === 1 ? ' is' : 's are'} waiting. Nothing is lost.
        </p>
      )}
      <div className="row">
        <Button busy={now.busy} onClick={() => void now.run()}>
          Extract now
        </Button>
      </div>
      {now.error && (
        <p role="alert" className="error">
          {now.error}
        </p>
      )}
      {jobs.length === 0 ? (
        <p className="muted">No conversations to extract yet.</p>
      ) : (
        <ul className="stack" aria-label="Extraction jobs">
          {[...jobs.filter((j) => j.status === 'failed'), ...jobs.filter((j) => j.status !== 'failed')]
            .slice(0, 20)
            .map((j) => (
              <JobRow key={j.id} job={j} title={titles.get(j.conversationKey)} />
            ))}
        </ul>
      )}
    </section>
  );
}
