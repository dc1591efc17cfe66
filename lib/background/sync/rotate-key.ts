// Options → Sync's new key (#25): "Remove a device", a new passphrase, and the end of "Delete everything". Each makes
// a new key under a passphrase the person sets now; none is stored.
import { ProblemError } from '../../model/problem';
import type { SyncRotate, SyncStatus } from '../../model/sync';
import { reseedOutbox } from '../../store/sync-port';
import { syncSettings, writeRun } from '../../store/sync-run';
import { rotate } from '../../sync/rotate';
import { depsOf } from './sync-env';
import { syncNow, syncStatus, withoutSync } from './sync-runner';

/**
 * A new key: with no sync running beside it. Unless it completes Delete everything (the store is empty), this device
 * lists everything it holds again first, since all of it goes into the new epoch (as at a connect).
 */
export async function rotateSync(req: SyncRotate): Promise<SyncStatus> {
  const settings = await syncSettings.getValue();
  if (!settings) throw new ProblemError({ code: 'sync-not-set-up' });
  const deps = depsOf(settings);
  await withoutSync(async () => {
    const state = await deps.port.loadState();
    if (state?.endedWhy !== 'reset-here') await reseedOutbox();
    await rotate(deps, req.passphrase);
    await writeRun({ lastSync: null, lastError: null, problems: [] });
  });
  void syncNow();
  return syncStatus();
}
