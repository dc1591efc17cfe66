import { expect, test } from 'vitest';
import { backgroundProtocol } from '../messaging/background';
import { handlers } from './handlers';
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

test('every message the background answers is in exactly one area, and nothing else is answered (#26)', () => {
  const areas = [
    captureHandlers,
    memoryHandlers,
    reviewHandlers,
    importHandlers,
    pipelineHandlers,
    webllmHandlers,
    chromeModelHandlers,
    recallHandlers,
    previewHandlers,
    syncHandlers,
    agentHandlers,
  ];
  const keys = areas.flatMap((area) => Object.keys(area)).sort();
  expect(keys).toEqual(Object.keys(backgroundProtocol).sort());
  expect(Object.keys(handlers).sort()).toEqual(keys);
});
