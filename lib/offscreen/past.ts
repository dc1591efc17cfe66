// The past-turn index's worker in the offscreen document (#13): started on the first request, kept while this
// document lives. Hits come back with their token counts: this document outlives the service worker, so its
// encoder (~1 s to build) is built once, here, on this thread while the worker opens SQLite on its own; a
// restarted service worker no longer builds one on the click's path (docs/past-index.md: 0.7-0.9 s of a ~1.1 s
// cold click).
import type { OffscreenHandlers } from '../messaging/offscreen';
import { rememberCounts, withTokens } from '../past/lines';
import { startPastWorker, type PastCall } from '../past/worker-client';
import { countTokens } from '../tokens';

let past: PastCall | undefined;
const count = rememberCounts(countTokens);

export const pastHandlers: Pick<OffscreenHandlers, 'pastIndex'> = {
  pastIndex: async (op) => {
    if (!past) {
      past = startPastWorker();
      void countTokens('');
    }
    const reply = await past(op);
    const labels = op.op === 'query' ? op.labels : undefined;
    return reply.hits ? { ...reply, hits: await withTokens(reply.hits, count, labels) } : reply;
  },
};
