import { useLiveQuery } from 'dexie-react-hooks';
import type { Job } from '../lib/model/records';
import { sendMessage } from '../lib/messages';
import { NO_PROVIDER } from '../lib/pipeline/queue';
import { listJobs } from '../lib/store/jobs';
import { attemptsLabel, conversationLabel, jobTurnsLabel } from './labels';
import { Button } from './ui';
import { useAction } from './useAction';

const STATUS: Record<Job['status'], string> = {
  pending: 'Waiting',
  running: 'Extracting',
  done: 'Done',
  failed: 'Failed',
};

function JobRow({ job }: { job: Job }) {
  const { run, error, busy } = useAction(() => sendMessage('retryJob', { id: job.id }));
  return (
    <li className="card stack">
      <span>
        {conversationLabel(job.conversationKey)} · <strong>{STATUS[job.status]}</strong>
        {attemptsLabel(job.attempts)}
      </span>
      {job.lastError && <span className={job.status === 'failed' ? 'error' : 'muted'}>{job.lastError}</span>}
      {jobTurnsLabel(job) && <span className="muted">{jobTurnsLabel(job)}</span>}
      {job.status === 'failed' && (
        <Button busy={busy} onClick={() => void run()}>
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

/** The extraction queue: waiting, failed (dead letter, with Retry) and recent jobs (#4). */
export function JobList() {
  const jobs = useLiveQuery(() => listJobs(), []);
  const now = useAction(() => sendMessage('extractNow', {}));
  if (!jobs) return null;
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
              <JobRow key={j.id} job={j} />
            ))}
        </ul>
      )}
    </section>
  );
}
