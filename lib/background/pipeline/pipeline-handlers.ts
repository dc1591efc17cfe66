// Extraction (#4): the provider and its key (write-only), prompt versions, and the job queue.
import { consolidationPrompt, extractionPrompt } from '../../../prompts/registry';
import type { HandlersFor } from '../../messaging/background';
import { readSettings, writeSettings } from '../../settings';
import { retryJob, wakeHeld } from '../../store/jobs';
import { extractNow, kick } from './job-queue';
import { providerStatus, saveProvider, testConnection } from './current-provider';

type PipelineMessages =
  'saveProvider' | 'getProviderStatus' | 'testProvider' | 'setPromptVersions' | 'extractNow' | 'retryJob';

export const pipelineHandlers: HandlersFor<PipelineMessages> = {
  saveProvider: async (req) => {
    await saveProvider(req);
    // Jobs that waited for a model, or for a provider of another language (#35), can run now.
    await wakeHeld();
    void kick();
    return { ok: true };
  },
  getProviderStatus: async () => providerStatus(),
  testProvider: async (req) => testConnection(req.form),
  setPromptVersions: async (req) => {
    const extraction = extractionPrompt(req.extraction).version;
    const consolidation = consolidationPrompt(req.consolidation).version;
    if (extraction !== req.extraction || consolidation !== req.consolidation)
      throw new Error(`Unknown prompt version: ${req.extraction} / ${req.consolidation}`);
    const settings = await readSettings();
    await writeSettings({ ...settings, prompts: { extraction, consolidation } });
    return { ok: true };
  },
  extractNow: async ({ key }) => extractNow(key),
  retryJob: async ({ id }) => {
    await retryJob(id);
    void kick();
    return { ok: true };
  },
};
