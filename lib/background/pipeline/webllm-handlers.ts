// Local models (#4, #35): the options page asks for a model's weights to be downloaded or deleted; the
// offscreen document reports each download. The model itself is asked in the offscreen document.
import type { HandlersFor } from '../../messaging/background';
import { deleteWebLlm, downloadWebLlm, recordWebLlm } from './webllm-provider';

export const webllmHandlers: HandlersFor<'webllmLoad' | 'webllmDelete' | 'webllmProgress'> = {
  webllmLoad: async ({ model }) => {
    await downloadWebLlm(model);
    return { ok: true };
  },
  webllmDelete: async ({ model }) => {
    await deleteWebLlm(model);
    return { ok: true };
  },
  webllmProgress: async (report) => {
    await recordWebLlm(report);
    return { ok: true };
  },
};
