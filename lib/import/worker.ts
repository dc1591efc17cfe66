// Parses an imported file off the page's main thread: JSON.parse and the branch walks of a 60 MB, 1,000-conversation
// export take ~1.7 s (measured in the unit environment), which would freeze the options page (#3). Chunks are
// posted one by one so the page never deserializes the whole plan at once.
import { ImportError, planImport } from './detect';
import { chunksOf, sizeOf } from './run';
import type { WorkerReply } from './worker-client';

const post = (reply: WorkerReply) => self.postMessage(reply);

self.onmessage = async (event: MessageEvent<File>) => {
  try {
    const plan = planImport(await event.data.text());
    const total = sizeOf(plan);
    post({ type: 'plan', kind: plan.kind, skipped: plan.skipped, total });
    for (const chunk of chunksOf(plan)) post({ type: 'chunk', chunk });
    post({ type: 'end' });
  } catch (error) {
    const known = error instanceof ImportError;
    post({ type: 'error', message: known ? error.message : `Could not read this file: ${String(error)}` });
  }
};
