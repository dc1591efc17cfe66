// Options → Sync's messages (#15), extension pages only (lib/messaging/background.ts).
import type { HandlersFor } from '../../messaging/background';
import { resolveConflict } from '../conflicts';
import { connectSync, disconnectSync, syncNow, syncStatus } from '../services/sync';

type SyncMessages = 'syncConnect' | 'syncNow' | 'getSyncStatus' | 'syncDisconnect' | 'resolveConflict';

export const syncHandlers: HandlersFor<SyncMessages> = {
  syncConnect: (req) => connectSync(req),
  syncNow: async () => (await syncNow(), syncStatus()),
  getSyncStatus: () => syncStatus(),
  syncDisconnect: async () => (await disconnectSync(), { ok: true }),
  resolveConflict: (req) => resolveConflict(req),
};
