// Every message the background answers, one map per area, composed here: plain async functions, tested
// directly (WXT's fake browser cannot route sendResponse). entrypoints/background.ts registers them.
import type { BackgroundHandlers } from '../../messaging/background';
import { agentHandlers } from './agents';
import { captureHandlers } from './capture';
import { chromeModelHandlers } from './chrome-model';
import { importHandlers } from './import';
import { memoryHandlers } from './memories';
import { pipelineHandlers } from './pipeline';
import { previewHandlers } from './preview';
import { recallHandlers } from './recall';
import { reviewHandlers } from './review';
import { syncHandlers } from './sync';
import { webllmHandlers } from './webllm';

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
