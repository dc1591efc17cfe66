// A proposal to change or delete another memory (pipeline/writes.ts, #11) is settled in one transaction:
// the person's decision is written on the memory it concerns, and the pending copy goes with its events, so
// neither a Trash entry nor a restorable duplicate is left behind.
import type { Memory, MemoryEvent } from '../model/records';
import { db } from './db';

export async function settleProposal(proposalId: string, memory: Memory, event: MemoryEvent): Promise<void> {
  const d = db();
  await d.transaction('rw', [d.memories, d.memoryEvents, d.embeddings], async () => {
    await d.memoryEvents.where('memoryId').equals(proposalId).delete();
    await d.embeddings.where('memoryId').equals(proposalId).delete();
    await d.memories.delete(proposalId);
    await d.memories.put(memory);
    await d.memoryEvents.put(event);
  });
}
