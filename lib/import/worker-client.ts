import { ProblemError, type Problem } from '../model/problem';
import type { ImportChunk, ImportRefusal } from '../model/messages';
import type { ImportPlan } from './detect';
import type { ImportSource } from './run';

export type WorkerReply =
  | {
      type: 'plan';
      kind: ImportPlan['kind'];
      skipped: ImportPlan['skipped'];
      refused: ImportRefusal[];
      total: number;
    }
  | { type: 'chunk'; chunk: ImportChunk }
  | { type: 'end' }
  /** Why the file cannot be imported, a code the page words (#37). */
  | { type: 'error'; problem: Problem };

/** Reads a file in a worker; resolves once the file is understood (or rejects with the reason in plain words). */
export function readInWorker(file: File): Promise<ImportSource> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  const queue: ImportChunk[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  let failure: Error | null = null;
  const chunks = (async function* () {
    for (;;) {
      if (queue.length > 0) yield queue.shift() as ImportChunk;
      else if (failure) throw failure;
      else if (ended) return worker.terminate();
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  })();
  return new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'plan')
        resolve({
          kind: reply.kind,
          skipped: reply.skipped,
          refused: reply.refused,
          total: reply.total,
          chunks,
        });
      else if (reply.type === 'chunk') queue.push(reply.chunk);
      else if (reply.type === 'end') ended = true;
      else {
        failure = new ProblemError(reply.problem);
        reject(failure);
        worker.terminate();
      }
      wake?.();
      wake = null;
    };
    worker.postMessage(file);
  });
}
