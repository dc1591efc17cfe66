// Recall's semantic tier (#5): the embedder the settings allow (chosen by ./embedder-choice.ts), the stored vectors,
// and the waits that keep a slow endpoint or a cold start off the preview's path. Until an embedder is set, and
// whenever it fails, recall is lexical.
import type { RecallRequest } from '../../model/messages';
import type { Settings } from '../../model/settings';
import type { Recallable } from '../../recall/index';
import { buildQuery } from '../../recall/recall';
import { EmbeddingCache, type Embedder } from '../../recall/semantic';
import { deleteVectors, loadVectors, putVectors } from '../../store/embeddings';
import type { ActiveMemories } from './active-memories';
import { waitAtMost } from '../shared/wait';

let embedder: Embedder | null = null;
/** Vectors persist in IndexedDB (lib/store/embeddings.ts): a restarted worker reads them, it does not re-pay. */
export const embeddings = new EmbeddingCache({ load: loadVectors, put: putVectors, remove: deleteVectors });

/** Set from the provider settings (#4: an OpenAI-compatible /v1/embeddings), or null. */
export function setRecallEmbedder(next: Embedder | null): void {
  embedder = next;
}

export function recallEmbedder(): Embedder | null {
  return embedder;
}

/** The embedder choice in progress: a waking worker reads settings, key and permissions before it has one. */
let choosing: Promise<unknown> = Promise.resolve();
export function choosingEmbedder(choice: Promise<unknown>): void {
  choosing = choice.catch(() => undefined);
}

/** Waits for that choice, at most `ms`: the first preview after a worker start was lexical without it (#12). */
const chosen = (ms: number) => waitAtMost(choosing, ms);

// The query's embedding is a network call on the preview's path: past this, that query is lexical. Measured
// in Chromium (test/e2e/semantic.e2e.ts): a routed fast endpoint gives a ready preview 100–130 ms after the
// click, an endpoint that takes 5 s gives one after ~900 ms. 800 ms is a chosen bound, not yet checked against
// a hosted endpoint (no network here): long enough for a typical round trip, short of feeling broken.
export const SEMANTIC_TIMEOUT_MS = 800;
/** How long a first preview waits for the stored vectors before it answers without them. */
const VECTORS_WAIT_MS = 3_000;

/**
 * Reads this model's stored vectors and hashes every memory's text ahead of the first click: after a worker
 * start, 10k vectors read inside the first query's 800 ms left the preview without its semantic tier
 * (semantic.e2e, "10,000 stored vectors": the automobile memory missing from the first preview).
 */
export async function warmSemantic(active: ActiveMemories): Promise<void> {
  await chosen(5_000);
  const current = embedder;
  if (!current) return;
  const memories = await active.all();
  await embeddings.use(current.model);
  embeddings.missing(memories.values());
}

/**
 * The memories nearest the request by meaning, best first, with every active memory (recall takes a neighbour
 * the memory table did not return from them); null when the tier is off or has no embedder.
 */
export async function semanticIds(
  active: ActiveMemories,
  req: RecallRequest,
  settings: Settings,
): Promise<{ ids: string[] | null; memories: ReadonlyMap<string, Recallable> } | null> {
  if (!settings.recall.semantic) return null;
  await chosen(SEMANTIC_TIMEOUT_MS);
  const current = embedder;
  if (!current) return null;
  const memories = await active.all();
  // Reading this model's stored vectors is local work, once per worker, not the network call the timeout is
  // for: 10k vectors read inside the 800 ms left the first preview after a worker start lexical (semantic.e2e).
  await waitAtMost(embeddings.use(current.model), VECTORS_WAIT_MS);
  // The same query the lexical tiers search (#38 item 5: this tier took the last 2 turns, uncut, where they take
  // 4 cut to 2,000 characters); with no draft and no turns there is nothing to be near.
  const { mode, query } = buildQuery(req.draft, req.recent);
  if (mode === 'profile') return { ids: null, memories };
  const ids = await embeddings.rank(current, query, [...memories.values()], {
    timeoutMs: SEMANTIC_TIMEOUT_MS,
  });
  return { ids, memories };
}
