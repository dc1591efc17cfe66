// What the import worker does with a file's text, apart from the worker itself so tests run it as it runs: the
// plan first, then the chunks one by one, each a message the page deserializes on its own (#3).
import type { Problem } from '../model/problem';
import { ImportError, planImport } from './detect';
import { chunksOf, sizeOf } from './run';
import type { WorkerReply } from './worker-client';

export function streamPlan(text: string, post: (reply: WorkerReply) => void): void {
  try {
    const plan = planImport(text);
    const { kind, skipped, refused = [] } = plan;
    post({ type: 'plan', kind, skipped, refused, total: sizeOf(plan) });
    for (const chunk of chunksOf(plan)) post({ type: 'chunk', chunk });
    post({ type: 'end' });
  } catch (error) {
    const problem: Problem =
      error instanceof ImportError
        ? error.problem
        : { code: 'import-unreadable', detail: String(error).slice(0, 500) };
    post({ type: 'error', problem });
  }
}
