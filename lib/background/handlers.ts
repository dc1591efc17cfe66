// The background's message handlers: plain async functions, tested directly (WXT's fake browser cannot
// route sendResponse; DEVELOPERS.md).
import type { Handlers } from '../messages';
import { formatBlock } from '../recall/block';
import { readSettings } from '../settings';
import { listMemories } from '../store/memories';
import { handleCapture } from './capture';
import { handleImportChunk } from './import';
import { importVendorMemories } from './vendor-memories';
import { tabMessenger } from '../tab-messages';
import { addUserMemory, deleteUserMemory } from './memories';
import { recordStatus } from './status';
import { getTabStatus } from '../store/status';
import { afterCaptureReply, pipelineHandlers } from './pipeline-handlers';
import { webllmHandlers } from './webllm';

import { manageHandlers } from './manage-handlers';

export const handlers: Handlers = {
  ...manageHandlers,
  captureTurns: async (req, sender) => {
    const settings = await readSettings();
    const reply = await handleCapture(req, sender, settings);
    await afterCaptureReply(req, sender, reply, settings);
    return reply;
  },
  addMemory: async (input) => addUserMemory(input),
  reportCaptureStatus: async (status, sender) => {
    await recordStatus(status, sender, await readSettings());
    return { ok: true };
  },
  getCaptureStatus: async ({ tabId }) => getTabStatus(tabId),
  importChunk: async (chunk) => handleImportChunk(chunk),
  importVendorMemories: async ({ tabId }) =>
    importVendorMemories(await tabMessenger.sendMessage('readVendorMemories', undefined, tabId)),
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
  ...pipelineHandlers,
  ...webllmHandlers,
};
