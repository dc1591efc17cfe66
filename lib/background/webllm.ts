// The background's side of WebLLM (#4): the model runs in an offscreen document (Chrome), because the service
// worker's life is too short for a model load and web-llm (~6 MB) must stay out of every other bundle.
import { browser } from 'wxt/browser';
import { sendToOffscreen } from '../messaging/offscreen';
import type { WebLlmProgress } from '../model/webllm';
import { makeProvider } from '../providers/structured';
import { webllmProgressItem } from '../providers/settings';
import { WEBLLM_LIMITS } from '../providers/limits';
import type { Provider } from '../providers/types';

const OFFSCREEN = '/offscreen.html';

let creating: Promise<void> | undefined;

/** The offscreen document hosts WebLLM and the past index's worker (#13); created once, on first need. */
export async function ensureOffscreen(): Promise<void> {
  const offscreen = (globalThis as { chrome?: typeof chrome }).chrome?.offscreen;
  if (!offscreen) throw new Error('Local models need Chrome for now: choose an API provider.');
  if (await offscreen.hasDocument()) return;
  // Two first callers at once (a warm-up and a model load) must not both create it: Chrome allows one.
  creating ??= offscreen.createDocument({
    url: browser.runtime.getURL(OFFSCREEN),
    reasons: [offscreen.Reason.WORKERS],
    justification:
      'Runs the local model the user chose (WebGPU) and the on-disk index of past chats outside the short-lived service worker.',
  });
  try {
    await creating;
  } finally {
    creating = undefined;
  }
}

export async function loadWebLlm(model: string): Promise<void> {
  await ensureOffscreen();
  await sendToOffscreen('webllmPrepare', { model });
}

export function webllmProvider(model: string): Provider {
  return makeProvider(
    'webllm',
    model,
    async (req) => {
      await ensureOffscreen();
      const { system, messages, jsonSchema } = req;
      const maxTokens = WEBLLM_LIMITS.outputTokens;
      return sendToOffscreen('webllmComplete', { model, system, messages, jsonSchema, maxTokens });
    },
    WEBLLM_LIMITS,
  );
}

/** What the background answers about WebLLM; the model itself is asked in the offscreen document. */
export const webllmHandlers = {
  webllmLoad: async ({ model }: { model: string }) => {
    await loadWebLlm(model);
    return { ok: true as const };
  },
  webllmProgress: async (p: WebLlmProgress) => {
    await webllmProgressItem.setValue(p);
    return { ok: true as const };
  },
};
