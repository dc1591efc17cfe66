// The OpenAI-compatible /v1/embeddings client behind the semantic recall tier (#5). Built in the background
// only, from the provider the user configured (#4); the key never leaves it.
import { z } from 'zod/mini';
import type { Embedder } from '../recall/semantic';

export interface EmbedderConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

const EmbeddingsReply = z.object({
  data: z.array(z.object({ index: z.number(), embedding: z.array(z.number()) })),
});

export function openAiEmbedder(config: EmbedderConfig, fetchFn: typeof fetch = fetch): Embedder {
  // A local server (Ollama, LM Studio) needs no key; an empty Bearer would be refused by some.
  const auth: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  return {
    model: `${config.baseUrl}#${config.model}`,
    embed: async (texts, signal) => {
      const response = await fetchFn(`${config.baseUrl.replace(/\/$/, '')}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ model: config.model, input: texts }),
        signal,
      });
      if (!response.ok) throw new Error(`the embeddings endpoint answered HTTP ${response.status}`);
      const parsed = EmbeddingsReply.safeParse(await response.json().catch(() => null));
      const rows = parsed.success ? [...parsed.data.data].sort((a, b) => a.index - b.index) : [];
      if (rows.length !== texts.length) throw new Error('the embeddings endpoint sent a malformed reply');
      return rows.map((r) => r.embedding);
    },
  };
}
