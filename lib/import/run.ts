// Sends an import plan to the background in chunks, one after another, with progress. Each chunk is written
// in one transaction and is idempotent, so a chunk lost to a service-worker restart is simply sent again (#3).
import type { ImportChunk, ImportChunkReply, ImportRefusal } from '../model/messages';
import type { ImportPlan } from './detect';

export interface ImportReport {
  kind: ImportPlan['kind'];
  conversations: number;
  turns: number;
  memories: number;
  /** Memories waiting in Review: standing rules, pins and links from the file, changes to your own (#25). */
  held: number;
  /** Records the store already held as they are, or newer: those stayed (#12). */
  kept: number;
  /** Records that failed the store's checks, with the reason (#12). */
  refused: ImportRefusal[];
  /** Conversations whose extraction progress came back, jobs and usage records restored (#12). */
  progress: number;
  jobs: number;
  usage: number;
  skipped: ImportPlan['skipped'];
}

export interface ImportProgress {
  done: number;
  total: number;
}

const CONVERSATIONS_PER_CHUNK = 25;
/**
 * Text per chunk. Each chunk crosses the options page's main thread twice (from the worker, then to the
 * background): 25 conversations of 40 long turns made 1.2 MB chunks that cost the page ~200 ms of main-thread
 * CPU each (CDP ThreadTime, import.e2e; #12), and a heavy user's 25 longest chats can pass Chrome's 64 MiB
 * message limit. A conversation larger than this goes alone: its turns must arrive together.
 */
const CHUNK_CHARS = 250_000;
const MEMORIES_PER_CHUNK = 200;
/** Jobs and usage rows are small: one message each for a heavy user's few thousand. */
const ROWS_PER_CHUNK = 2000;
const ATTEMPTS = 4;

type Conversations = ImportPlan['conversations'];
const textOf = (t: unknown): number => {
  const text = t && typeof t === 'object' ? (t as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text.length : 0;
};
/** Text a conversation carries; a record not yet checked (the background checks it, #12) may lack fields. */
function charsOf(c: unknown): number {
  if (!c || typeof c !== 'object') return 0;
  const { title, turns } = c as { title?: unknown; turns?: unknown };
  const list: unknown[] = Array.isArray(turns) ? turns : [];
  return textOf({ text: title }) + list.reduce<number>((n, t) => n + textOf(t), 0);
}

/** Consecutive runs of at most CONVERSATIONS_PER_CHUNK conversations and (unless alone) CHUNK_CHARS of text. */
function conversationRuns(list: Conversations): Conversations[] {
  const runs: Conversations[] = [];
  let run: Conversations = [];
  let chars = 0;
  for (const c of list) {
    const size = charsOf(c);
    if (run.length > 0 && (run.length === CONVERSATIONS_PER_CHUNK || chars + size > CHUNK_CHARS)) {
      runs.push(run);
      run = [];
      chars = 0;
    }
    run.push(c);
    chars += size;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

export function chunksOf(plan: ImportPlan): ImportChunk[] {
  const exact = plan.kind === 'engram';
  const chunks: ImportChunk[] = conversationRuns(plan.conversations).map((conversations) => ({
    exact,
    conversations,
    memories: [],
  }));
  for (let i = 0; i < plan.memories.length; i += MEMORIES_PER_CHUNK)
    chunks.push({ exact, conversations: [], memories: plan.memories.slice(i, i + MEMORIES_PER_CHUNK) });
  // After the conversations: a restored job finds its conversation stored.
  for (let i = 0; i < Math.max(plan.jobs.length, plan.usage.length); i += ROWS_PER_CHUNK)
    chunks.push({
      ...{ exact, conversations: [], memories: [] },
      ...{ jobs: plan.jobs.slice(i, i + ROWS_PER_CHUNK), usage: plan.usage.slice(i, i + ROWS_PER_CHUNK) },
    });
  return chunks;
}

async function sendWithRetry(
  send: (chunk: ImportChunk) => Promise<ImportChunkReply>,
  chunk: ImportChunk,
  wait: (ms: number) => Promise<void>,
): Promise<ImportChunkReply> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(chunk);
    } catch (error) {
      // "Receiving end does not exist" while the worker restarts; a real rejection fails the same way again.
      if (attempt >= ATTEMPTS) throw error;
      await wait(250 * attempt);
    }
  }
}

/** Records in a plan, for progress: every record counts one. */
export function sizeOf(plan: ImportPlan): number {
  return plan.conversations.length + plan.memories.length + plan.jobs.length + plan.usage.length;
}

/** A plan as a stream of chunks: parsed inline (tests) or in a worker, so a 50 MB file never blocks the page. */
export interface ImportSource {
  kind: ImportPlan['kind'];
  skipped: ImportPlan['skipped'];
  /** Refused while the file was read: they never reach the background (#25). */
  refused?: ImportRefusal[];
  total: number;
  chunks: AsyncIterable<ImportChunk>;
}

export function sourceOf(plan: ImportPlan): ImportSource {
  const chunks = chunksOf(plan);
  return {
    kind: plan.kind,
    skipped: plan.skipped,
    refused: plan.refused,
    total: sizeOf(plan),
    chunks: (async function* () {
      yield* chunks;
    })(),
  };
}

export async function runImport(
  source: ImportPlan | ImportSource,
  send: (chunk: ImportChunk) => Promise<ImportChunkReply>,
  onProgress: (p: ImportProgress) => void,
  wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): Promise<ImportReport> {
  const { kind, skipped, refused = [], total, chunks } = 'chunks' in source ? source : sourceOf(source);
  const report: ImportReport = {
    ...{ kind, conversations: 0, turns: 0, memories: 0, held: 0, kept: 0, refused: [...refused], skipped },
    ...{ progress: 0, jobs: 0, usage: 0 },
  };
  let done = 0;
  onProgress({ done, total });
  for await (const chunk of chunks) {
    const reply = await sendWithRetry(send, chunk, wait);
    report.conversations += reply.conversations;
    report.turns += reply.turns;
    report.memories += reply.memories;
    report.held += reply.held;
    report.kept += reply.kept;
    report.refused.push(...reply.refused);
    report.progress += reply.progress;
    report.jobs += reply.jobs;
    report.usage += reply.usage;
    done += chunk.conversations.length + chunk.memories.length + (chunk.jobs?.length ?? 0);
    done += chunk.usage?.length ?? 0;
    onProgress({ done, total });
  }
  return report;
}
