import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { popupCounts, type PopupCounts } from '../../lib/store/views';
import { cacheCounts, cachedCounts } from './countsCache';

export function optionsUrl(section: string): string {
  return browser.runtime.getURL(`/options.html#${section}`);
}

/** The last counts at once (from the cache), replaced by the exact live count when it arrives. */
function useCounts(): PopupCounts | undefined {
  const [cached] = useState(cachedCounts);
  const live = useLiveQuery(popupCounts, []);
  useEffect(() => {
    if (live) cacheCounts(live);
  }, [live]);
  return live ?? cached ?? undefined;
}

export function Counts() {
  const { t } = useTranslation();
  const counts = useCounts();
  useEffect(() => {
    // Read by test/e2e/manager.e2e.ts to time the popup with 10,000 memories (#6: under 100 ms).
    if (counts && performance.getEntriesByName('engram:counts-shown').length === 0)
      performance.mark('engram:counts-shown');
  }, [counts]);
  if (!counts) return <p className="muted">{t('counts.counting')}</p>;
  const items = [
    ['memories', t('counts.memories', { count: counts.memories }), counts.memories],
    ['review', t('counts.review', { count: counts.pending }), counts.pending],
    ['activity', t('counts.failed', { count: counts.failedJobs }), counts.failedJobs],
  ] as const;
  return (
    <ul className="plain counts" aria-label={t('counts.label')}>
      {items.map(([section, text, n]) => (
        <li key={section}>
          {/* Nothing to review or retry is no place to go (#16: "0 failed jobs" was a bold link). */}
          {n === 0 && section !== 'memories' ? (
            <span className="muted">{text}</span>
          ) : (
            <a href={optionsUrl(section)} target="_blank" rel="noreferrer">
              {text}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
