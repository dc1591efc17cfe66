import { useLiveQuery } from 'dexie-react-hooks';
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
