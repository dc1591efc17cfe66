import { expect, test } from 'vitest';
import { backgroundProtocol } from '../../messaging/background';
import { handlers } from '.';
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
