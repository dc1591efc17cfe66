// A proposal to change or delete another memory (pipeline/writes.ts, #11) is settled in one transaction:
// the person's decision is written on the memory it concerns, and the pending copy goes with its events, so
// neither a Trash entry nor a restorable duplicate is left behind.
import type { Memory, MemoryEvent } from '../model/records';
import { emitStoreChange } from './changes';
import { db } from './db';
import { putEvents } from './event-order';
import { purgeRows, purgeTables } from './purge';

export async function settleProposal(proposalId: string, memory: Memory, event: MemoryEvent): Promise<void> {
  const d = db();
  await d.transaction('rw', purgeTables(d), async () => {
    await purgeRows(d, [proposalId]);
    await d.memories.put(memory);
    await putEvents(d, [event]);
  });
  // Recall's index and the embedding sync follow at once (#12).
  emitStoreChange({ kind: 'memoriesPurged', ids: [proposalId] });
  emitStoreChange({ kind: 'memories', memories: [memory] });
}
