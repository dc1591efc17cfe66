import { useLiveQuery } from 'dexie-react-hooks';
import { SITE_LABELS } from '../../lib/sites/registry';
import { listForgotten, type Forgotten } from '../../lib/store/privacy';
import { dateLabel } from '../shared/labels';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function removedLabel({ turns, jobs, memories }: Forgotten): string {
  const parts = [
    count(turns, 'turn', 'turns'),
    count(memories, 'memory', 'memories'),
    count(jobs, 'extraction job', 'extraction jobs'),
  ];
  return `Engram removed ${parts.join(', ')}, from this device and from the sync outbox.`;
}

/**
 * Chats the site promised not to remember that Engram had kept before it knew (#34): what went, never what they
 * said (no title, no address: a Perplexity slug is made of the question's words).
 */
export function PrivateChats() {
  const rows = useLiveQuery(() => listForgotten(), []);
  if (!rows) return <p className="muted">Loading…</p>;
  if (rows.length === 0) return <p className="muted">No private chats had anything to remove.</p>;
  return (
    <ul className="stack" aria-label="Private chats removed">
      {rows.map((r) => (
        <li key={r.key} className="card stack tight">
          <strong>A {SITE_LABELS[r.site]} chat turned out to be private (temporary or incognito)</strong>
          <span>{r.removed && removedLabel(r.removed)}</span>
          <span className="muted">{dateLabel(r.at)}</span>
        </li>
      ))}
    </ul>
  );
}
