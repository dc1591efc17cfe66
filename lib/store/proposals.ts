// A proposal to change or delete another memory (pipeline/writes.ts, #11) is settled in one transaction:
// the person's decision is written on the memory it concerns, and the pending copy goes with its events, so
// neither a Trash entry nor a restorable duplicate is left behind.
import type { Memory, MemoryEvent } from '../model/records';
import { emitStoreChange } from './changes';
import { db } from './db';
import { putEvents } from './event-order';
import { noteChanges, purgeChanges } from './sync-rows';

export async function settleProposal(proposalId: string, memory: Memory, event: MemoryEvent): Promise<void> {
  const d = db();
  await d.transaction('rw', [d.memories, d.memoryEvents, d.embeddings, d.outbox], async () => {
    await d.memoryEvents.where('memoryId').equals(proposalId).delete();
    await d.embeddings.where('memoryId').equals(proposalId).delete();
    await d.memories.delete(proposalId);
    await d.memories.put(memory);
    await noteChanges(d, purgeChanges([proposalId]));
    await putEvents(d, [event]);
  });
  // Recall's index and the embedding sync follow at once (#12).
  emitStoreChange({ kind: 'memoriesPurged', ids: [proposalId] });
  emitStoreChange({ kind: 'memories', memories: [memory] });
}
