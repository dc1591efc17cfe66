// The memory manager's messages (#6) and the popup's "add by hand", mapped onto plain functions.
import type { HandlersFor } from '../../messaging/background';
import { deleteConversation, deleteEverything } from './delete-data';
import { bulkMemories, purgeFromTrash, restoreMemory, setPinned, updateMemory } from './memory-edits';
import { addUserMemory, deleteUserMemory } from './typed-memories';

type MemoryMessages =
  | 'addMemory'
  | 'deleteMemory'
  | 'updateMemory'
  | 'setPinned'
  | 'restoreMemory'
  | 'purgeMemory'
  | 'bulkMemories'
  | 'deleteConversation'
  | 'deleteEverything';

const ok = { ok: true } as const;

export const memoryHandlers: HandlersFor<MemoryMessages> = {
  addMemory: async (input) => addUserMemory(input),
  deleteMemory: async ({ id }) => {
    await deleteUserMemory(id);
    return ok;
  },
  updateMemory: (patch) => updateMemory(patch),
  setPinned: ({ id, pinned }) => setPinned(id, pinned),
  restoreMemory: ({ id }) => restoreMemory(id),
  purgeMemory: async ({ id }) => {
    await purgeFromTrash(id);
    return ok;
  },
  bulkMemories: (req) => bulkMemories(req),
  deleteConversation: ({ key, removeMemories }) => deleteConversation(key, removeMemories),
  deleteEverything: () => deleteEverything(),
};
