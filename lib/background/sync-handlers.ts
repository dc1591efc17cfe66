// Options → Sync's messages (#15), extension pages only (lib/messages.ts).
import type { Handlers } from '../messages';
import { resolveConflict } from './conflicts';
import { connectSync, disconnectSync, syncNow, syncStatus } from './sync';
import { rotateSync } from './sync-rotate';

type SyncMessages =
  'syncConnect' | 'syncNow' | 'getSyncStatus' | 'syncDisconnect' | 'syncRotate' | 'resolveConflict';

export const syncHandlers: Pick<Handlers, SyncMessages> = {
  syncConnect: (req) => connectSync(req),
  syncNow: async () => (await syncNow(), syncStatus()),
  getSyncStatus: () => syncStatus(),
  syncDisconnect: async () => (await disconnectSync(), { ok: true }),
  syncRotate: (req) => rotateSync(req),
  resolveConflict: (req) => resolveConflict(req),
};
