// The background's message handlers: plain async functions, tested directly (WXT's fake browser cannot
// route sendResponse; #2).
import type { Handlers } from '../messages';
import { readSettings } from '../settings';
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
import { pastReady, pastStats } from './past';
import { previewRecall, recallIndex, warmSemantic } from './recall';
import { semanticStatus } from './embeddings';
import { fromPreviewPage } from './preview-frames';
import { frames, previewRelay } from './preview-relay';
import { assertPageClaim } from './sender';
import { syncHandlers } from './sync-handlers';

export const handlers: Handlers = {
  ...manageHandlers,
  ...previewRelay(
    {
      insertText: (tabId, text) => tabMessenger.sendMessage('insertFromPreview', { text }, tabId),
      closePreview: (tabId) => tabMessenger.sendMessage('closePreview', undefined, tabId),
    },
    frames,
  ),
  captureTurns: async (req, sender) => {
    assertPageClaim('captureTurns', req, sender);
    const settings = await readSettings();
    const reply = await handleCapture(req, sender, settings);
    await afterCaptureReply(req, sender, reply, settings);
    return reply;
  },
  addMemory: async (input) => addUserMemory(input),
  reportCaptureStatus: async (status, sender) => {
    assertPageClaim('reportCaptureStatus', status, sender);
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
  // A block without a preview (no draft, no turns): the general profile block (#5).
  getMemoryBlock: async ({ site }) => {
    const reply = await previewRecall(
      { site, draft: '', recent: [], scope: null, budgetTokens: null, exclude: [] },
      await readSettings(),
    );
    return { text: reply.text, count: reply.lines.length, tokens: reply.tokens };
  },
  // From a preview frame, only the one Engram registered in that tab (#11); the popup is another page.
  recallPreview: async (req, sender) => {
    if (fromPreviewPage(sender)) await frames.assertBound(sender);
    return previewRecall(req, await readSettings());
  },
  // A chat page asks for this when it loads, so a worker that just started builds the index before the first
  // click (bench:recall: 10k memories, first click 1.3 s without it). The tiers warm side by side: the past
  // index's catch-up once held the semantic tier back past semantic.e2e's 120 s (#13).
  warmRecall: async () => {
    const settings = await readSettings();
    const semantic = recallIndex().then(() => (settings.recall.semantic ? warmSemantic() : undefined));
    const past = settings.recall.rawTurns ? pastReady() : undefined;
    await Promise.all([semantic, past]);
    return { ok: true };
  },
  // For bench:past and the options page: how big the past index is and whether it has caught up (#13).
  getPastIndexStats: () => pastStats(),
  // Answered by the offscreen document, which hosts the index's worker (entrypoints/offscreen).
  pastIndex: async () => {
    throw new Error('Answered by the offscreen document');
  },
  // Only on an empty new chat, and only when the user turned the offer on; the count is of the profile block.
  offerCount: async ({ site, scope }) => {
    const settings = await readSettings();
    if (!settings.recall.offerOnNewChats) return { count: null };
    const req = { site, draft: '', recent: [], scope, budgetTokens: null, exclude: [] };
    return { count: (await previewRecall(req, settings)).lines.length };
  },
  getSemanticStatus: () => semanticStatus(),
  ...pipelineHandlers,
  ...webllmHandlers,
  ...syncHandlers,
};
