import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { countsItem } from '../../lib/counts';
import { popupCounts, type PopupCounts } from '../../lib/store/views';

export function optionsUrl(section: string): string {
  return browser.runtime.getURL(`/options.html#${section}`);
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The background's stored counts at once (lib/counts.ts), replaced by an exact live count when it arrives. */
function useCounts(): PopupCounts | undefined {
  const [stored, setStored] = useState<PopupCounts | null>(null);
  useEffect(() => {
    void countsItem.getValue().then(setStored);
    return countsItem.watch(setStored);
  }, []);
  const live = useLiveQuery(popupCounts, []);
  return live ?? stored ?? undefined;
}

export function Counts() {
  const counts = useCounts();
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
