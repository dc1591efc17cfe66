// The background's message handlers: plain async functions, tested directly (WXT's fake browser cannot
// route sendResponse; DEVELOPERS.md).
import type { Handlers } from '../messages';
import { formatBlock } from '../recall/block';
import { readSettings } from '../settings';
import { listMemories } from '../store/memories';
import { handleCapture } from './capture';
import { addUserMemory, deleteUserMemory } from './memories';
import { manageHandlers } from './manage-handlers';

export const handlers: Handlers = {
  captureTurns: async (req, sender) => handleCapture(req, sender, await readSettings()),
  ...manageHandlers,
  addMemory: async (input) => addUserMemory(input),
  deleteMemory: async ({ id }) => {
    await deleteUserMemory(id);
    return { ok: true };
  },
  // Skeleton order (#2): standing rules, pinned, then priority. Ranking by relevance arrives with #5.
  getMemoryBlock: async () => {
    const [memories, settings] = await Promise.all([listMemories('active'), readSettings()]);
    const ordered = [...memories].sort(
      (a, b) =>
        Number(b.priority === -1) - Number(a.priority === -1) ||
        Number(b.pinned) - Number(a.pinned) ||
        b.priority - a.priority,
    );
    return formatBlock(ordered, settings.recall.budgetTokens);
  },
};
