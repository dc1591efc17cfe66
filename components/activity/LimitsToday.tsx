// Activity → Today's limits (#11): what the extractor did today against the caps in code and in Settings.
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { Settings } from '../../lib/model/settings';
import { CAPS } from '../../lib/pipeline/guard';
import { readSettings, settingsItem } from '../../lib/settings';
import { extractionToday } from '../../lib/store/limits';

function useLimits(): Settings['limits'] | null {
  const [limits, setLimits] = useState<Settings['limits'] | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void readSettings().then((s) => live && setLimits(s.limits));
    load();
    const stop = settingsItem.watch(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return limits;
}

export function LimitsToday() {
  const { t, i18n } = useTranslation();
  const today = useLiveQuery(() => extractionToday(new Date()), []);
  const limits = useLimits();
  if (!today || !limits) return <p className="muted">{t('limits.loading')}</p>;
  const n = (x: number) => x.toLocaleString(i18n.language);
  const changesFull = today.changes >= limits.dailyChanges;
  const tokensFull = today.tokens >= limits.dailyTokens;
  return (
    <div className="card stack tight" role="group" aria-label={t('activity.limits')}>
      <p>
        {t('limits.changes', { done: n(today.changes), cap: n(limits.dailyChanges) })}
        {changesFull && <strong> · {t('limits.changesFull')}</strong>}
      </p>
      <p>
        {t('limits.tokens', { done: n(today.tokens), cap: n(limits.dailyTokens) })}
        {tokensFull && <strong> · {t('limits.tokensFull')}</strong>}
      </p>
      <p className="muted small">
        {t('limits.explain', { add: CAPS.add, update: CAPS.update, remove: CAPS.delete })}
      </p>
    </div>
  );
}
