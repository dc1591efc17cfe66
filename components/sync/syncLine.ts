// The one line that says how sync is doing, in Options → Sync and the popup (#15); why it stopped, in plain words
// (#25, lib/sync/problems.ts).
import type { SyncStatus } from '../../lib/model/sync';

export function syncLine(s: SyncStatus | null): string {
  if (!s?.connected)
    return s?.stoppedText ?? (s?.ended ? 'Sync stopped: enter the passphrase again' : 'Sync is off');
  if (s.running) return 'Syncing…';
  if (s.lastError) return `Sync failed: ${s.lastError}`;
  if (!s.lastSync) return 'Sync waiting for its first run';
  return `Synced ${new Date(s.lastSync).toLocaleString()}`;
}
