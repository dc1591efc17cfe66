import { useLiveQuery } from 'dexie-react-hooks';
import { diffWords, fieldChanges } from '../../lib/manage/diff';
import type { MemoryEvent } from '../../lib/model/records';
import { historyOf } from '../../lib/store/memories';
import { dateLabel, whoLabel } from '../shared/labels';

const OP_LABELS: Record<MemoryEvent['op'], string> = {
  add: 'Added',
  update: 'Changed',
  delete: 'Deleted',
  restore: 'Restored',
  confirm: 'Confirmed again',
  pin: 'Pinned',
  unpin: 'Unpinned',
  approve: 'Approved',
  reject: 'Rejected',
};

export function TextDiff({ before, after }: { before: string; after: string }) {
  return (
    <span className="diff">
      {diffWords(before, after).map((p, i) =>
        p.kind === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === 'add' ? (
          <ins key={i}>{p.text}</ins>
        ) : (
          <del key={i}>{p.text}</del>
        ),
      )}
    </span>
  );
}

function Change({ event }: { event: MemoryEvent }) {
  const { before, after } = event;
  const textChanged = before && after && before.text !== after.text;
  return (
    <>
      {textChanged && <TextDiff before={before.text} after={after.text} />}
      {fieldChanges(before, after).map((c) => (
        <span key={c.field} className="muted">
          {c.field}: {c.from} → {c.to}
        </span>
      ))}
    </>
  );
}

/** Every MemoryEvent of one memory, oldest first: what changed, why, and by whom. */
export function MemoryHistory({ memoryId }: { memoryId: string }) {
  const events = useLiveQuery(() => historyOf(memoryId), [memoryId]);
  if (!events) return <p className="muted">Loading history…</p>;
  return (
    <ol className="timeline" aria-label="History">
      {events.map((e) => (
        <li key={e.id} className="stack tight">
          <span>
            <strong>{OP_LABELS[e.op]}</strong> by {whoLabel(e)} · {dateLabel(e.at)}
          </span>
          <span className="muted">{e.reason}</span>
          <Change event={e} />
        </li>
      ))}
    </ol>
  );
}
