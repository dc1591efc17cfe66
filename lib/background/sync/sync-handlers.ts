// Options → Sync's messages (#15), extension pages only (lib/messaging/background.ts).
import type { HandlersFor } from '../../messaging/background';
import { resolveConflict } from './resolve-conflict';
import { connectSync, disconnectSync, syncAfterRunning, syncStatus } from './sync-runner';
import { pullIfStale } from './pull-on-open';
import { rotateSync } from './rotate-key';

type SyncMessages =
  | 'syncConnect'
  | 'syncNow'
  | 'getSyncStatus'
  | 'syncIfStale'
  | 'syncDisconnect'
  | 'syncRotate'
  | 'resolveConflict';

export const syncHandlers: HandlersFor<SyncMessages> = {
  syncConnect: (req) => connectSync(req),
  syncNow: async () => (await syncAfterRunning(), syncStatus()),
  getSyncStatus: () => syncStatus(),
  syncIfStale: async () => (await pullIfStale(), { ok: true }),
  syncDisconnect: async () => (await disconnectSync(), { ok: true }),
  syncRotate: (req) => rotateSync(req),
  resolveConflict: (req) => resolveConflict(req),
};
