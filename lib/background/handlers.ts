// Every message the background answers, one map per area, composed here: plain async functions, tested
// directly (WXT's fake browser cannot route sendResponse). entrypoints/background.ts registers them.
import type { BackgroundHandlers } from '../messaging/background';
import { agentHandlers } from './agents/agent-handlers';
import { captureHandlers } from './capture/capture-handlers';
import { chromeModelHandlers } from './pipeline/chrome-model-handlers';
import { importHandlers } from './import/import-handlers';
import { memoryHandlers } from './memories/memory-handlers';
import { pipelineHandlers } from './pipeline/pipeline-handlers';
import { previewHandlers } from './preview/preview-handlers';
import { recallHandlers } from './recall/recall-handlers';
import { reviewHandlers } from './memories/review-handlers';
import { syncHandlers } from './sync/sync-handlers';
import { webllmHandlers } from './pipeline/webllm-handlers';

// Each message in exactly one area (index.test.ts).
export const handlers: BackgroundHandlers = {
  ...captureHandlers,
  ...memoryHandlers,
  ...reviewHandlers,
  ...importHandlers,
  ...pipelineHandlers,
  ...webllmHandlers,
  ...chromeModelHandlers,
  ...recallHandlers,
  ...previewHandlers,
  ...syncHandlers,
  ...agentHandlers,
};
