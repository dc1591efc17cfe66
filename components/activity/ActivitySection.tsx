import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { usageByDay, type UsageDay } from '../../lib/manage/usage';
import type { Job, JobStatus } from '../../lib/model/records';
import { sendMessage } from '../../lib/messaging/send';
import { conversationTitles, jobsWithStatus, listUsage } from '../../lib/store/views';
import { CaptureProblems } from './CaptureProblems';
import { LimitsToday } from './LimitsToday';
import { PrivateChats } from './PrivateChats';
import { attemptsLabel, conversationLabel, dateLabel, jobTurnsLabel } from '../shared/labels';
import { saidWords } from '../shared/problemWords';
import { Button, EmptyState, ErrorText, Section } from '../shared/ui';
import { useAction } from '../shared/useAction';

const STATUSES: JobStatus[] = ['failed', 'running', 'pending', 'done'];

/** Retry is named after its chat and described by its row: several failed jobs must not read alike (#16). */
function JobRow({ job, title }: { job: Job; title: string | undefined }) {
  const { t, i18n } = useTranslation();
  const retry = useAction(() => sendMessage('retryJob', { id: job.id }));
  const chat = conversationLabel(t, job.conversationKey, title);
  const turns = jobTurnsLabel(t, job);
  const rowId = useId();
  return (
    <li className="row">
      <span className="grow" id={rowId}>
        {t('activity.read', { chat })}
        {attemptsLabel(t, job.attempts)} · {dateLabel(t, job.updatedAt, i18n.language)}
        {job.lastError && <span className="error"> · {saidWords(t, i18n.language, job.lastError)}</span>}
        {turns && <span className="muted"> · {turns}</span>}
      </span>
      {job.status === 'failed' && (
        <Button
          busy={retry.busy}
          onClick={() => void retry.run()}
          aria-label={t('activity.retryChat', { chat })}
          aria-describedby={rowId}
        >
          {t('activity.retry')}
        </Button>
      )}
      <ErrorText what={t('activity.retryFailed')} error={retry.error} tryThis={t('common.reloadAndRetry')} />
    </li>
  );
}

function Jobs() {
  const { t } = useTranslation();
  const found = useLiveQuery(async () => {
    const groups = await Promise.all(STATUSES.map((s) => jobsWithStatus(s, 20)));
    return { groups, titles: await conversationTitles(groups.flat().map((j) => j.conversationKey)) };
  }, []);
  if (!found) return <p className="muted">{t('activity.loadingJobs')}</p>;
  const { groups, titles } = found;
  if (groups.every((g) => g.length === 0))
    return <EmptyState title={t('activity.noJobs')}>{t('activity.noJobsHint')}</EmptyState>;
  return (
    <div className="stack">
      {STATUSES.map((status, i) => (
        <div key={status} className="card stack tight">
          <h3>{t(`activity.status.${status}`, { count: groups[i]?.length ?? 0 })}</h3>
          <ul className="plain" aria-label={t(`activity.jobs.${status}`)}>
            {groups[i]?.length === 0 && <li className="muted">{t('activity.none')}</li>}
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
function costLabel(t: TFunction, lng: string, r: UsageDay): string {
  const usd = new Intl.NumberFormat(lng, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  });
  if (r.costComplete) return usd.format(r.costUsd);
  return r.costUsd > 0
    ? t('activity.costPartial', { cost: usd.format(r.costUsd) })
    : t('activity.costUnknown');
}

const COLUMNS = ['day', 'provider', 'model', 'calls', 'tokensIn', 'tokensOut', 'cost'] as const;

function Usage() {
  const { t, i18n } = useTranslation();
  const rows = useLiveQuery(async () => usageByDay(await listUsage()), []);
  if (!rows) return <p className="muted">{t('activity.loadingUsage')}</p>;
  if (rows.length === 0)
    return <EmptyState title={t('activity.noUsage')}>{t('activity.noUsageHint')}</EmptyState>;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <table className="usage">
      <caption className="sr-only">{t('activity.usageCaption')}</caption>
      <thead>
        <tr>
          {COLUMNS.map((c) => (
            <th key={c} scope="col">
              {t(`activity.col.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.day}${r.provider}${r.model}${r.imported}`}>
            <td>{r.day}</td>
            <td>{r.imported ? t('activity.imported', { provider: r.provider }) : r.provider}</td>
            <td>{r.model}</td>
            <td>{number.format(r.calls)}</td>
            <td>{number.format(r.promptTokens)}</td>
            <td>{number.format(r.completionTokens)}</td>
            <td>{costLabel(t, i18n.language, r)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ActivitySection() {
  const { t } = useTranslation();
  return (
    <Section id="activity" title={t('options.nav.activity')} intro={t('activity.intro')}>
      <h2>{t('activity.jobsTitle')}</h2>
      <Jobs />
      <h2>{t('activity.limits')}</h2>
      <LimitsToday />
      <h2>{t('activity.usage')}</h2>
      <Usage />
      <h2>{t('activity.problems')}</h2>
      <CaptureProblems />
      <h2>{t('activity.privateChats')}</h2>
      <PrivateChats />
    </Section>
  );
}
