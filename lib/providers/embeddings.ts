// The OpenAI-compatible /v1/embeddings client behind the semantic recall tier (#5). Built in the background
// only, from the provider the user configured (#4); the key never leaves it.
import { z } from 'zod/mini';
import type { Embedder } from '../recall/semantic';
import { fetchWithRetry } from './http';

export interface EmbedderConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Asked of models that can shorten their vectors (text-embedding-3-*); part of the model's identity. */
  dimensions?: number;
}

const EmbeddingsReply = z.object({
  data: z.array(z.object({ index: z.number(), embedding: z.array(z.number()) })),
});

export function openAiEmbedder(config: EmbedderConfig, fetchFn: typeof fetch = fetch): Embedder {
  // A local server (Ollama, LM Studio) needs no key; an empty Bearer would be refused by some.
  const auth: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  return {
    model: `${config.baseUrl}#${config.model}${config.dimensions ? `@${config.dimensions}` : ''}`,
    embed: async (texts, signal) => {
      // The providers' own HTTP (#4): a timeout, and a 429/5xx retried once, honouring Retry-After. Once and
      // soon: a query has 800 ms in all, and the background pass retries a failed batch itself (30 s, 2 min…).
      const response = await fetchWithRetry(
        `${config.baseUrl.replace(/\/+$/, '')}/embeddings`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify({ model: config.model, input: texts, dimensions: config.dimensions }),
        },
        { signal, fetch: fetchFn, retries: 1, baseDelayMs: 250 },
      ).catch((e: unknown) => {
        throw new Error(`the embeddings endpoint failed: ${e instanceof Error ? e.message : String(e)}`);
      });
      const parsed = EmbeddingsReply.safeParse(await response.json().catch(() => null));
      const rows = parsed.success ? [...parsed.data.data].sort((a, b) => a.index - b.index) : [];
      if (rows.length !== texts.length) throw new Error('the embeddings endpoint sent a malformed reply');
      return rows.map((r) => r.embedding);
    },
  };
}

/**
 * text-embedding-3-* vectors can be cut short by the API itself. OpenAI's announcement (Jan 2024) gives
 * text-embedding-3-small an MTEB of 62.3 at 1536 dims and 61.6 at 512; 512 makes scoring 10k memories ~3x
 * cheaper (bench:semantic) and the stored vectors 3x smaller. Other servers may reject the field: not sent.
 */
export function dimensionsFor(model: string): number | undefined {
  return /^text-embedding-3-(small|large)$/.test(model) ? 512 : undefined;
}
