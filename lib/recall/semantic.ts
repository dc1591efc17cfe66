// The optional semantic tier: embeddings from an OpenAI-compatible /v1/embeddings endpoint (or any Embedder,
// e.g. a WebLLM model in the offscreen document), cached per memory together with the model's identity and
// the text it was made from. Any failure, or no embedder at all, yields null and recall stays lexical (#5).
import type { Recallable } from './index';

export interface Embedder {
  /** Identity of the model; a vector made by another model is never compared. */
  model: string;
  embed(texts: readonly string[]): Promise<number[][]>;
}

export interface EmbedderConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export function openAiEmbedder(config: EmbedderConfig, fetchFn: typeof fetch = fetch): Embedder {
  return {
    model: `${config.baseUrl}#${config.model}`,
    embed: async (texts) => {
      const response = await fetchFn(`${config.baseUrl.replace(/\/$/, '')}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
        body: JSON.stringify({ model: config.model, input: texts }),
      });
      if (!response.ok) throw new Error(`embeddings: HTTP ${response.status}`);
      const body = (await response.json()) as { data?: { index: number; embedding: unknown }[] };
      const rows = [...(body.data ?? [])].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      if (rows.length !== texts.length || !rows.every((r) => Array.isArray(r) && r.every(Number.isFinite))) {
        throw new Error('embeddings: malformed reply');
      }
      return rows as number[][];
    },
  };
}

interface Cached {
  model: string;
  text: string;
  vector: Float32Array;
}

function normalize(v: readonly number[]): Float32Array {
  const norm = Math.hypot(...v) || 1;
  return Float32Array.from(v, (x) => x / norm);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length && i < b.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

// Memories are embedded when written (prime) and, as a fallback, a few per query, so the hot path never
// waits for a whole store to be embedded.
const PER_QUERY = 32;

export class EmbeddingCache {
  private readonly vectors = new Map<string, Cached>();

  private fresh(m: Recallable, model: string): boolean {
    const hit = this.vectors.get(m.id);
    return hit !== undefined && hit.model === model && hit.text === m.text;
  }

  async prime(embedder: Embedder, memories: readonly Recallable[]): Promise<void> {
    const missing = memories.filter((m) => !this.fresh(m, embedder.model));
    if (missing.length === 0) return;
    const vectors = await embedder.embed(missing.map((m) => m.text));
    missing.forEach((m, i) =>
      this.vectors.set(m.id, { model: embedder.model, text: m.text, vector: normalize(vectors[i] ?? []) }),
    );
  }

  /** Ids best first by cosine similarity, or null when the tier is off or failed. */
  async rank(
    embedder: Embedder | null,
    query: string,
    memories: readonly Recallable[],
  ): Promise<string[] | null> {
    if (!embedder || !query.trim()) return null;
    try {
      await this.prime(embedder, memories.filter((m) => !this.fresh(m, embedder.model)).slice(0, PER_QUERY));
      const [raw] = await embedder.embed([query]);
      const q = normalize(raw ?? []);
      return memories
        .filter((m) => this.fresh(m, embedder.model))
        .map((m) => [m.id, dot(q, this.vectors.get(m.id)?.vector ?? new Float32Array())] as const)
        .sort((a, b) => b[1] - a[1])
        .map(([id]) => id);
    } catch {
      return null;
    }
  }
}
