// Message handlers of the extraction issue (#4), spread into lib/background/handlers.ts.
import { consolidationPrompt, extractionPrompt } from '../../prompts/registry';
import type { BackgroundHandlers as Handlers } from '../messaging/background';
import type { Sender } from '../messaging/protocol';
import { conversationKey } from '../model/keys';
import type { CaptureReply, CaptureRequest } from '../model/messages';
import type { Settings } from '../model/settings';
import { readSettings, writeSettings } from '../settings';
import { retryJob } from '../store/jobs';
import { afterCapture, extractNow, kick } from './jobs';
import { providerStatus, saveProvider, testConnection } from './provider';
import { rememberTab } from './tabs';

type PipelineHandlers = Pick<
  Handlers,
  'saveProvider' | 'getProviderStatus' | 'testProvider' | 'setPromptVersions' | 'extractNow' | 'retryJob'
>;

export const pipelineHandlers: PipelineHandlers = {
  saveProvider: async (req) => {
    await saveProvider(req);
    // Jobs that waited for a model can run now.
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

/** After a stored capture: remember the tab's conversation, and schedule extraction when it settles. */
export async function afterCaptureReply(
  req: CaptureRequest,
  sender: Sender,
  reply: CaptureReply,
  settings: Settings,
): Promise<void> {
  if (reply.skipped) return;
  const tabId = sender.tab?.id;
  if (tabId !== undefined) await rememberTab(tabId, conversationKey(req.site, req.conversationId));
  await afterCapture(req, reply.stored, settings.capture.idleDelaySec);
}
