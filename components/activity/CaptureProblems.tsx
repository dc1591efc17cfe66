import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../lib/i18n/formatters';
import type { CaptureProblem } from '../../lib/model/messages';
import { SITE_LABELS } from '../../lib/sites/registry';
import { watchCaptureProblems } from '../../lib/store/status';
import { brokenWords, unconfirmedHeadline } from '../shared/captureWords';
import { saidText } from '../shared/noticeWords';

function headline(t: TFunction, problem: CaptureProblem): string {
  if (problem.kind === 'broken') return brokenWords(t);
  const site = SITE_LABELS[problem.site];
  if (problem.kind === 'unconfirmed') return unconfirmedHeadline(t, site);
  if (problem.kind === 'limited') return t('problems.limited', { site });
  return problem.kind === 'unread' ? t('problems.unread', { site }) : t('problems.fromPage', { site });
}

/** Capture problems the tabs reported, newest first (#3: never silent). */
export function CaptureProblems() {
  const { t, i18n } = useTranslation();
  const [problems, setProblems] = useState<CaptureProblem[] | null>(null);
  useEffect(() => watchCaptureProblems(setProblems), []);
  if (!problems) return <p className="muted">{t('problems.loading')}</p>;
  if (problems.length === 0) return <p className="muted">{t('problems.none')}</p>;
  return (
    <ul className="stack" aria-label={t('activity.problems')}>
      {problems.map((p) => (
        <li key={`${p.url}:${p.kind}`} className="card stack">
          <strong>{headline(t, p)}</strong>
          <span className="muted">
            {p.url} · {formatWhen(p.at, i18n.language)}
          </span>
          <span className="muted">{saidText(t, p.detail)}</span>
        </li>
      ))}
    </ul>
  );
}
