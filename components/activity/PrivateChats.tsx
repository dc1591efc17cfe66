import type { TFunction } from 'i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { SITE_LABELS } from '../../lib/sites/registry';
import { listForgotten, type Forgotten } from '../../lib/store/privacy';
import { andList, dateLabel } from '../shared/labels';

/** "4 turns, 2 memories and 1 extraction job": each count by the language's plural rules, joined by its own list. */
function removedLabel(t: TFunction, lng: string, { turns, jobs, memories }: Forgotten): string {
  const parts = [
    t('privateChats.turns', { count: turns }),
    t('privateChats.memories', { count: memories }),
    t('privateChats.jobs', { count: jobs }),
  ];
  return t('privateChats.removed', { what: andList(parts, lng) });
}

/**
 * Chats the site promised not to remember that Engram had kept before it knew (#34): what went, never what they
 * said (no title, no address: a Perplexity slug is made of the question's words).
 */
export function PrivateChats() {
  const { t, i18n } = useTranslation();
  const rows = useLiveQuery(() => listForgotten(), []);
  if (!rows) return <p className="muted">{t('common.loading')}</p>;
  if (rows.length === 0) return <p className="muted">{t('privateChats.none')}</p>;
  return (
    <ul className="stack" aria-label={t('privateChats.label')}>
      {rows.map((r) => (
        <li key={r.key} className="card stack tight">
          <strong>{t('privateChats.headline', { site: SITE_LABELS[r.site] })}</strong>
          <span>{r.removed && removedLabel(t, i18n.language, r.removed)}</span>
          <span className="muted">{dateLabel(t, r.at, i18n.language)}</span>
        </li>
      ))}
    </ul>
  );
}
