// Delete forever, in one place (#38 item 5): Trash → Delete forever, a settled proposal's pending copy and every
// memory citing a chat found private each removed a memory by hand, and one of the three also dropped the
// memory's unsent sync rows while the others left them behind. Events hold full before/after copies of the
// text, so keeping them (or a tombstone that names the memory) would keep what the person asked to forget.
import type { EngramDB } from './db';
import { noteChanges, purgeChanges } from './sync-rows';

/** The tables a purge writes: the caller's transaction must hold them all. */
export const purgeTables = (d: EngramDB) => [d.memories, d.memoryEvents, d.embeddings, d.outbox];

/** Removes the memories, their history, vectors and unsent changes, and owes the other devices a purge of each. */
export async function purgeRows(d: EngramDB, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await d.memoryEvents.where('memoryId').anyOf(ids).delete();
  await d.embeddings.where('memoryId').anyOf(ids).delete();
  await d.memories.bulkDelete([...ids]);
  const gone = new Set(ids);
  await d.outbox.filter((r) => r.kind === 'memory' && gone.has(r.memoryId)).delete();
  await noteChanges(d, purgeChanges(ids));
}
