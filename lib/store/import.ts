import type { Memory, MemoryEvent } from '../model/records';
import { emitStoreChange } from './changes';
import { putCapture, type CaptureWrite } from './conversations';
import { db } from './db';

export interface ImportWrite {
  /** Exact: put records as given (an Engram export restores itself). Otherwise merge like a capture. */
  exact: boolean;
  conversations: CaptureWrite[];
  memories: Memory[];
  events: MemoryEvent[];
}

/** One import chunk in one transaction: all of it lands, or none of it (#3: chunks survive a worker restart). */
export async function writeImport(write: ImportWrite): Promise<number> {
  const d = db();
  const turns = await d.transaction(
    'rw',
    [d.conversations, d.turns, d.memories, d.memoryEvents],
    async () => {
      let turns = 0;
      for (const c of write.conversations) {
        if (write.exact) {
          await d.conversations.put(c.conversation);
          await d.turns.bulkPut(c.turns);
          turns += c.turns.length;
        } else {
          turns += (await putCapture(c, true)).changed;
        }
      }
      await d.memories.bulkPut(write.memories);
      await d.memoryEvents.bulkPut(write.events);
      return turns;
    },
  );
  const conversationKeys = write.conversations.map((c) => c.conversation.key);
  if (conversationKeys.length > 0) emitStoreChange({ kind: 'turns', conversationKeys });
  if (write.memories.length > 0) emitStoreChange({ kind: 'memories', memories: write.memories });
  return turns;
}
