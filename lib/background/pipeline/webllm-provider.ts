// The background's side of WebLLM (#4): the model runs in an offscreen document (Chrome), because the service
// worker's life is too short for a model load and web-llm (~6 MB) must stay out of every other bundle.
import { makeProvider } from '../../providers/structured';
import { WEBLLM_LIMITS } from '../../providers/limits';
import type { Provider } from '../../providers/types';
import { askOffscreen } from '../shared/offscreen-host';

export async function loadWebLlm(model: string): Promise<void> {
  await askOffscreen('webllmPrepare', { model });
}

export function webllmProvider(model: string): Provider {
  return makeProvider(
    'webllm',
    model,
    async (req) => {
      const { system, messages, jsonSchema } = req;
      const maxTokens = WEBLLM_LIMITS.outputTokens;
      return askOffscreen('webllmComplete', { model, system, messages, jsonSchema, maxTokens });
    },
    WEBLLM_LIMITS,
  );
}
