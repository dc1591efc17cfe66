import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { browser } from 'wxt/browser';
import { popupCounts } from '../../lib/store/views';

export function optionsUrl(section: string): string {
  return browser.runtime.getURL(`/options.html#${section}`);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Index-only counts (lib/store/views.ts popupCounts), each a link into the options page. */
export function Counts() {
  const counts = useLiveQuery(popupCounts, []);
  useEffect(() => {
    // Read by test/e2e/manager.e2e.ts to time the popup with 10,000 memories (#6: under 100 ms).
    if (counts && performance.getEntriesByName('engram:counts-shown').length === 0)
      performance.mark('engram:counts-shown');
  }, [counts]);
  if (!counts) return <p className="muted">Counting…</p>;
  const items = [
    ['memories', plural(counts.memories, 'memory', 'memories')],
    ['review', `${plural(counts.pending, 'memory', 'memories')} to review`],
    ['activity', plural(counts.failedJobs, 'failed job', 'failed jobs')],
  ] as const;
  return (
    <ul className="plain counts" aria-label="Counts">
      {items.map(([section, text]) => (
        <li key={section}>
          <a href={optionsUrl(section)} target="_blank" rel="noreferrer">
            {text}
          </a>
        </li>
      ))}
    </ul>
  );
}
