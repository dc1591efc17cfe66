import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { diffWords, fieldChanges } from '../../lib/manage/diff';
import { MemoryStatus, MemoryType, type MemoryEvent } from '../../lib/model/records';
import { historyOf } from '../../lib/store/memories';
import { dateLabel, scopeLabel, whoLabel } from '../shared/labels';

/** A field's stored value in words: "Preference", "Active", "Yes"; a priority or scope id as it is. */
function valueLabel(t: TFunction, value: string): string {
  if (value === 'true' || value === 'false') return value === 'true' ? t('history.yes') : t('history.no');
  if (MemoryType.safeParse(value).success) return t(`labels.type.${MemoryType.parse(value)}`);
  if (MemoryStatus.safeParse(value).success) return t(`labels.status.${MemoryStatus.parse(value)}`);
  return value.includes(':') || value === 'global' ? scopeLabel(t, value) : value;
}

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
  const { t } = useTranslation();
  const said = (value: string) => valueLabel(t, value);
  const { before, after } = event;
  const textChanged = before && after && before.text !== after.text;
  return (
    <>
      {textChanged && <TextDiff before={before.text} after={after.text} />}
      {fieldChanges(before, after).map((c) => (
        <span key={c.field} className="muted">
          {t('history.field', { field: t(`history.fields.${c.field}`), from: said(c.from), to: said(c.to) })}
        </span>
      ))}
    </>
  );
}

/** Every MemoryEvent of one memory, oldest first: what changed, why, and by whom. */
export function MemoryHistory({ memoryId }: { memoryId: string }) {
  const { t, i18n } = useTranslation();
  const events = useLiveQuery(() => historyOf(memoryId), [memoryId]);
  if (!events) return <p className="muted">{t('history.loading')}</p>;
  return (
    <ol className="timeline" aria-label={t('memory.history')}>
      {events.map((e) => (
        <li key={e.id} className="stack tight">
          <span>
            <strong>{t(`history.op.${e.op}`)}</strong>{' '}
            {t('history.byWhen', { who: whoLabel(t, e), when: dateLabel(t, e.at, i18n.language) })}
          </span>
          <span className="muted">{e.reason}</span>
          <Change event={e} />
        </li>
      ))}
    </ol>
  );
}
