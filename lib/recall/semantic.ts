// The optional semantic tier: embeddings from an OpenAI-compatible /v1/embeddings endpoint (or any Embedder),
// cached per memory with the model's identity and a hash of the text they were made from, and persisted
// through a VectorStore so a worker restart does not pay again. Any failure, a slow reply, or no embedder at
// all yields null and recall stays lexical (#5).
import type { Recallable } from './index';
import { normalize, textHash, topByCosine, type Scored } from './vectors';

export interface Embedder {
  /** Identity of the model; a vector made by another model is never compared. */
  model: string;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
}

export interface VectorRow {
  memoryId: string;
  model: string;
  textHash: string;
  vector: Float32Array;
}

/** Where vectors outlive the worker (lib/store/embeddings.ts in the extension; nothing in the eval). */
export interface VectorStore {
  load(model: string): Promise<VectorRow[]>;
  put(rows: readonly VectorRow[]): Promise<void>;
  remove(model: string, memoryIds: readonly string[]): Promise<void>;
}

interface Entry extends Scored {
  hash: string;
}

// Memories are embedded in the background after writes (EmbeddingCache.sync); a query embeds at most this
// many stragglers itself, in a request beside the query's own, so the hot path never waits on a whole store.
const PER_QUERY = 32;
/** Ranking fuses only the top 100 semantic ids (rank.ts). */
const TOP_K = 100;
const QUERY_CHARS = 4000;
// A preview re-asks with the same draft when the budget slider moves or a line is removed.
const QUERY_MEMO = 16;

export interface RankOptions {
  /** The query's whole semantic step (load, embed, score) must finish within this, or recall is lexical. */
  timeoutMs?: number;
}

export interface SyncOptions {
  /** Inputs per request: OpenAI takes up to 2048; 64 keeps one failure cheap to retry. */
  batch?: number;
  batchTimeoutMs?: number;
}

export class EmbeddingCache {
  private model: string | null = null;
  private entries = new Map<string, Entry>();
  private loading: Promise<void> = Promise.resolve();
  private readonly queries = new Map<string, Float32Array>();
  private readonly hashes = new Map<string, { text: string; hash: string }>();
  /** The last failure in plain words, cleared by the next success; the Settings status shows it. */
  lastError: string | null = null;

  constructor(private readonly store: VectorStore | null = null) {}

  /** Switches to a model's vectors, read from the store once per worker. */
  use(model: string): Promise<void> {
    if (this.model === model) return this.loading;
    this.model = model;
    this.entries = new Map();
    this.queries.clear();
    this.loading = (this.store?.load(model) ?? Promise.resolve([])).then(
      (rows) => rows.forEach((r) => this.model === model && this.entries.set(r.memoryId, toEntry(r))),
      (e: unknown) => void ((this.model = null), this.fail(e)),
    );
    return this.loading;
  }

  private hashOf(m: Recallable): string {
    const memo = this.hashes.get(m.id);
    if (memo?.text === m.text) return memo.hash;
    const hash = textHash(m.text);
    this.hashes.set(m.id, { text: m.text, hash });
    return hash;
  }

  /** Memories without a vector of the current model for their current text. */
  missing(memories: Iterable<Recallable>): Recallable[] {
    const out: Recallable[] = [];
    for (const m of memories) if (this.entries.get(m.id)?.hash !== this.hashOf(m)) out.push(m);
    return out;
  }

  /** Embeds what is missing in batches; throws on the first failed batch (the caller retries later). */
  async sync(embedder: Embedder, memories: readonly Recallable[], options: SyncOptions = {}) {
    const { batch = 64, batchTimeoutMs = 60_000 } = options;
    await this.use(embedder.model);
    const missing = this.missing(memories);
    for (let i = 0; i < missing.length && this.model === embedder.model; i += batch) {
      await this.embedMemories(embedder, missing.slice(i, i + batch), AbortSignal.timeout(batchTimeoutMs));
    }
    return missing.length;
  }

  private async embedMemories(embedder: Embedder, memories: readonly Recallable[], signal?: AbortSignal) {
    const vectors = await embedder.embed(
      memories.map((m) => m.text),
      signal,
    );
    const rows = memories.map((m, i): VectorRow => {
      const vector = normalize(vectors[i] ?? []);
      return { memoryId: m.id, model: embedder.model, textHash: this.hashOf(m), vector };
    });
    if (this.model !== embedder.model) return;
    for (const r of rows) this.entries.set(r.memoryId, toEntry(r));
    await this.store?.put(rows);
    this.lastError = null;
  }

  /** Drops vectors of memories that are no longer recallable (deleted, trashed, purged). */
  async sweep(keep: ReadonlySet<string>): Promise<void> {
    const gone = [...this.entries.keys()].filter((id) => !keep.has(id));
    for (const id of gone) {
      this.entries.delete(id);
      this.hashes.delete(id);
    }
    if (this.model && gone.length > 0) await this.store?.remove(this.model, gone);
  }

  /** Delete everything: forget every vector held in memory (the store is emptied by its own clear). */
  clear(): void {
    this.model = null;
    this.entries = new Map();
    this.queries.clear();
    this.hashes.clear();
    this.loading = Promise.resolve();
  }

  /** How many of these memories have a current vector of this model. */
  embeddedCount(model: string, memories: Iterable<Recallable>): number {
    if (this.model !== model) return 0;
    let n = 0;
    for (const m of memories) if (this.entries.get(m.id)?.hash === this.hashOf(m)) n++;
    return n;
  }

  /** Ids best first by cosine similarity, or null when the tier is off, failed or too slow. */
  async rank(
    embedder: Embedder | null,
    query: string,
    memories: readonly Recallable[],
    options: RankOptions = {},
  ): Promise<string[] | null> {
    const text = query.trim().slice(0, QUERY_CHARS);
    if (!embedder || !text) return null;
    try {
      const work = this.rankNow(embedder, text, memories);
      return await (options.timeoutMs ? deadline(work, options.timeoutMs) : work);
    } catch (e) {
      this.fail(e);
      return null;
    }
  }

  private async rankNow(embedder: Embedder, query: string, memories: readonly Recallable[]) {
    await this.use(embedder.model);
    const stragglers = this.missing(memories).slice(0, PER_QUERY);
    // A straggler batch that fails (say, one text too long) must not take the query down with it.
    const lazy = stragglers.length ? this.embedMemories(embedder, stragglers).catch(() => undefined) : null;
    const [q] = await Promise.all([this.queryVector(embedder, query), lazy]);
    const scored = memories.flatMap((m) => {
      const e = this.entries.get(m.id);
      return e && e.hash === this.hashOf(m) ? [e] : [];
    });
    return topByCosine(q, scored, TOP_K);
  }

  private async queryVector(embedder: Embedder, query: string): Promise<Float32Array> {
    const memo = this.queries.get(query);
    if (memo) return memo;
    const [raw] = await embedder.embed([query]);
    const q = normalize(raw ?? []);
    if (this.queries.size >= QUERY_MEMO) this.queries.delete(this.queries.keys().next().value ?? '');
    if (this.model === embedder.model) this.queries.set(query, q);
    this.lastError = null;
    return q;
  }

  private fail(e: unknown): void {
    this.lastError = e instanceof Error ? e.message : String(e);
  }
}

function toEntry(r: VectorRow): Entry {
  return { id: r.memoryId, hash: r.textHash, vector: r.vector };
}

function deadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the embeddings endpoint took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
