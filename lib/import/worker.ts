// Parses an imported file off the page's main thread: JSON.parse and the branch walks of a 60 MB, 1,000-conversation
// export take ~1.7 s (measured in the unit environment), which would freeze the options page (#3). Chunks are
// posted one by one so the page never deserializes the whole plan at once.
import { streamPlan } from './stream';
import type { WorkerReply } from './worker-client';

const post = (reply: WorkerReply) => self.postMessage(reply);

self.onmessage = async (event: MessageEvent<File>) => streamPlan(await event.data.text(), post);
