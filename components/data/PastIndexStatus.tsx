// Options → Data: how far the past-chat index is (#13). After a large import the index keeps working a while
// (bench:past: ~40 s after the report of a 2,000-conversation import), and a rebuild after an update takes as
// long: this says how many conversations are still to go, then what the index holds and where it is kept.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/i18n/formatters';
import { useEffect, useState } from 'react';
import type { PastIndexStats } from '../../lib/model/past';
import { saidOf, type Said } from '../../lib/model/problem';
import { sendMessage } from '../../lib/messaging/send';
import { readSettings } from '../../lib/settings';
import { saidWords } from '../shared/problemWords';
import { ErrorText } from '../shared/ui';

export function pastIndexText(t: TFunction, lng: string, stats: PastIndexStats): string {
  const passages = t('pastIndex.passages', { count: stats.passages });
  if (stats.pending > 0) return t('pastIndex.indexing', { count: stats.pending, passages });
  return stats.persistent
    ? t('pastIndex.onDisk', { passages, size: formatBytes(stats.bytesOnDisk, lng) })
    : t('pastIndex.inMemory', { passages });
}

type State = { on: false } | { on: true; stats: PastIndexStats | null; error: Said | null };

/** Asks every `busyMs` while conversations are still to go, every `idleMs` otherwise. */
export function PastIndexStatus({ busyMs = 1000, idleMs = 5000 }: { busyMs?: number; idleMs?: number }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<State | null>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      let next: State = { on: false };
      if ((await readSettings()).recall.rawTurns)
        next = await sendMessage('getPastIndexStats', {}).then(
          (stats) => ({ on: true, stats, error: null }),
          (e: unknown) => ({ on: true, stats: null, error: saidOf(e) }),
        );
      if (!live) return;
      setState(next);
      timer = setTimeout(() => void tick(), next.on && next.stats?.pending ? busyMs : idleMs);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [busyMs, idleMs]);
  if (!state?.on) return null;
  if (state.error)
    return (
      <ErrorText
        what={t('pastIndex.noAnswer')}
        error={saidWords(t, i18n.language, state.error)}
        tryThis={t('common.reloadPage')}
      />
    );
  if (!state.stats) return null;
  // Not a live region: asked every second while indexing, it would interrupt a screen reader each time.
  return (
    <p className="muted" data-testid="past-index-status">
      {pastIndexText(t, i18n.language, state.stats)}
    </p>
  );
}
