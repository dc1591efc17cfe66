import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import type { Job } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { listJobs } from '../../lib/store/jobs';
import { conversationTitles } from '../../lib/store/views';
import { attemptsLabel, conversationLabel, jobTurnsLabel } from '../shared/labels';
import { asProblem, saidWords } from '../shared/problemWords';
import { Button, ErrorText } from '../shared/ui';
import { useAction } from '../shared/useAction';

/** Retry is named after its chat and described by its row: several failed jobs must not read alike (#16). */
function JobRow({ job, title }: { job: Job; title: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { run, error, busy } = useAction(() => sendMessage('retryJob', { id: job.id }));
  const chat = conversationLabel(t, job.conversationKey, title);
  const turns = jobTurnsLabel(t, job);
  const rowId = useId();
  return (
    <li className="card stack">
      <span id={rowId}>
        {chat} · <strong>{t(`jobs.status.${job.status}`)}</strong>
        {attemptsLabel(t, job.attempts)}
      </span>
      {job.lastError && (
        <span className={job.status === 'failed' ? 'error' : 'muted'}>
          {saidWords(t, i18n.language, job.lastError)}
        </span>
      )}
      {turns && <span className="muted">{turns}</span>}
      {job.status === 'failed' && (
        <Button
          busy={busy}
          onClick={() => void run()}
          aria-label={t('activity.retryChat', { chat })}
          aria-describedby={rowId}
        >
          {t('activity.retry')}
        </Button>
      )}
      <ErrorText what={t('activity.retryFailed')} error={error} />
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
  const { t } = useTranslation();
  const found = useJobs();
  const now = useAction(() => sendMessage('extractNow', {}));
  if (!found) return null;
  const { jobs, titles } = found;
  const waiting = jobs.filter(
    (j) => j.status === 'pending' && j.lastError && asProblem(j.lastError)?.code === 'no-model',
  ).length;
  return (
    <section className="stack" aria-labelledby="jobs-title">
      <h2 id="jobs-title">{t('activity.jobsTitle')}</h2>
      {waiting > 0 && <p role="status">{t('jobs.noProvider', { count: waiting })}</p>}
      <div className="row">
        <Button busy={now.busy} onClick={() => void now.run()}>
          {t('conversations.extractNow')}
        </Button>
      </div>
      <ErrorText what={t('conversations.extractFailed')} error={now.error} />
      {jobs.length === 0 ? (
        <p className="muted">{t('jobs.none')}</p>
      ) : (
        <ul className="stack" aria-label={t('activity.jobsTitle')}>
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
