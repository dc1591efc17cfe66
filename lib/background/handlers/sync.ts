// Options → Sync's messages (#15), extension pages only (lib/messaging/background.ts).
import type { HandlersFor } from '../../messaging/background';
import { resolveConflict } from '../conflicts';
import { connectSync, disconnectSync, syncNow, syncStatus } from '../services/sync';
import { pullIfStale } from '../services/sync-pull';
import { rotateSync } from '../services/sync-rotate';

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
  syncNow: async () => (await syncNow(), syncStatus()),
  getSyncStatus: () => syncStatus(),
  syncIfStale: async () => (await pullIfStale(), { ok: true }),
  syncDisconnect: async () => (await disconnectSync(), { ok: true }),
  syncRotate: (req) => rotateSync(req),
  resolveConflict: (req) => resolveConflict(req),
};
