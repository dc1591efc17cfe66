// The one line that says how sync is doing, in Options → Sync and the popup (#15); why it stopped, in plain words
// (#25: the background's code, worded here, #37). The storage's own error is quoted (#37).
import type { TFunction } from 'i18next';
import { formatWhen } from '../../lib/i18n/formatters';
import type { SyncStatus } from '../../lib/model/sync';
import { asProblem, problemText } from '../shared/problemWords';

export function syncLine(t: TFunction, lng: string, s: SyncStatus | null): string {
  if (!s?.connected) {
    if (s?.stopped) return t(`syncStopped.${s.stopped}`);
    return s?.ended ? t('syncLine.ended') : t('syncLine.off');
  }
  if (s.running) return t('syncLine.running');
  if (s.lastError) {
    // The storage's words are quoted; Engram's own reason (a stopped or missing key) is said (#37).
    const problem = asProblem(s.lastError);
    if (problem) return t('syncLine.failedSaid', { reason: problemText(t, lng, problem) });
    return t('syncLine.failed', { reason: s.lastError });
  }
  if (!s.lastSync) return t('syncLine.waiting');
  return t('syncLine.synced', { when: formatWhen(s.lastSync, lng) });
}
