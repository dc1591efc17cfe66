// Embeds new and edited memories off the write path (#5): a debounced pass after memory writes, in batches,
// retried with backoff when the provider fails. Capture and extraction never wait for it; a query embeds at
// most a few stragglers itself (lib/recall/semantic.ts).
import { onStoreChange } from '../../store/changes';
import { deleteOtherModels } from '../../store/embeddings';
import { recallArea } from './recall-area';
import { embeddings, recallEmbedder } from './semantic-tier';

// Writes come in bursts (an extraction job writes several memories): one pass after the burst.
const DEBOUNCE_MS = 1000;
const RETRY_MS = [30_000, 120_000, 600_000];

let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
/** A pass asked for while one runs: the memories it should see may have been written after that one read. */
let rerun: Promise<void> | null = null;
let failures = 0;

export function scheduleEmbeddingSync(delayMs = DEBOUNCE_MS): void {
  clearTimeout(timer);
  timer = setTimeout(() => void syncEmbeddings(), delayMs);
}

/** A pass scheduled and not yet begun is dropped (the embeddings service's Stop). */
export function cancelEmbeddingSync(): void {
  clearTimeout(timer);
  timer = undefined;
}

/** One pass: forget vectors of memories that are gone, then embed every active memory that lacks one. */
export async function syncEmbeddings(): Promise<void> {
  if (!running) {
    running = syncOnce().finally(() => (running = null));
    return running;
  }
  rerun ??= running.then(() => ((rerun = null), syncEmbeddings()));
  return rerun;
}

async function syncOnce(): Promise<void> {
  const embedder = recallEmbedder();
  if (!embedder) return;
  const active = [...(await recallArea().active.all()).values()];
  try {
    await embeddings.use(embedder.model);
    await embeddings.sweep(new Set(active.map((m) => m.id)));
    await deleteOtherModels(embedder.model);
    await embeddings.sync(embedder, active);
    failures = 0;
  } catch (e) {
    embeddings.lastError = e instanceof Error ? e.message : String(e);
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? DEBOUNCE_MS;
    failures++;
    // A worker that sleeps before the retry fires syncs again at its next start (startEmbeddings).
    scheduleEmbeddingSync(wait);
  }
}

/** Embedded and total active memories for the current embedder, or null when there is none. */
export async function syncProgress(): Promise<{ embedded: number; total: number } | null> {
  const embedder = recallEmbedder();
  if (!embedder) return null;
  const active = [...(await recallArea().active.all()).values()];
  await embeddings.use(embedder.model);
  return { embedded: embeddings.embeddedCount(embedder.model, active), total: active.length };
}

/** Delete everything: no timer, no vectors in memory (the table itself is cleared with the rest). */
export function resetEmbeddingSync(): void {
  clearTimeout(timer);
  failures = 0;
  embeddings.clear();
}

/** Delete everything: no vectors stay in memory (lib/store/changes.ts, #12). Returns the stop. */
export function forgetVectorsOnClear(): () => void {
  return onStoreChange((change) => {
    if (change.kind === 'cleared') resetEmbeddingSync();
  });
}

/** Calls back after memory writes, purges and Delete everything: the sync pass follows them (#12). */
export function watchStoredMemories(onChange: () => void): () => void {
  return onStoreChange((change) => {
    if (change.kind === 'memories' || change.kind === 'memoriesPurged' || change.kind === 'cleared')
      onChange();
  });
}
