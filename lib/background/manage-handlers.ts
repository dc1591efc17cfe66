// The manager's messages (#6), mapped onto plain functions; lib/background/handlers.ts spreads them in.
import type { BackgroundHandlers as Handlers } from '../messaging/background';
import { deleteConversation, deleteEverything } from './data';
import { bulkMemories, purgeFromTrash, restoreMemory, setPinned, updateMemory } from './manage';
import { approveAll, approveMemory, rejectMemory } from './review';

type ManageMessages =
  | 'updateMemory'
  | 'setPinned'
  | 'restoreMemory'
  | 'purgeMemory'
  | 'bulkMemories'
  | 'approveMemory'
  | 'rejectMemory'
  | 'approveAllMemories'
  | 'deleteConversation'
  | 'deleteEverything';

const ok = { ok: true } as const;

export const manageHandlers: Pick<Handlers, ManageMessages> = {
  updateMemory: (patch) => updateMemory(patch),
  setPinned: ({ id, pinned }) => setPinned(id, pinned),
  restoreMemory: ({ id }) => restoreMemory(id),
  purgeMemory: async ({ id }) => {
    await purgeFromTrash(id);
    return ok;
  },
  bulkMemories: (req) => bulkMemories(req),
  approveMemory: ({ id, text }) => approveMemory(id, text),
  rejectMemory: async ({ id }) => {
    await rejectMemory(id);
    return ok;
  },
  approveAllMemories: () => approveAll(),
  deleteConversation: ({ key, removeMemories }) => deleteConversation(key, removeMemories),
  deleteEverything: () => deleteEverything(),
};
