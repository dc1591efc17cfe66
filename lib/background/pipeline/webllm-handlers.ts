// The local model (#4): the options page asks for a load; the offscreen document reports its download
// progress. The model itself is asked in the offscreen document (../shared/offscreen-host.ts).
import type { HandlersFor } from '../../messaging/background';
import { webllmProgressItem } from '../../providers/settings';
import { loadWebLlm } from './webllm-provider';

export const webllmHandlers: HandlersFor<'webllmLoad' | 'webllmProgress'> = {
  webllmLoad: async ({ model }) => {
    await loadWebLlm(model);
    return { ok: true };
  },
  webllmProgress: async (progress) => {
    await webllmProgressItem.setValue(progress);
    return { ok: true };
  },
};
