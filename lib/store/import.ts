// Imports write checked records (lib/background/import.ts checks each with the store's schemas, #12). On a
// conflict the newer record by updatedAt wins, so an older backup never overwrites a newer edit or revives a
// memory deleted since it was made.
import type { Memory, MemoryEvent } from '../model/records';
import { emitStoreChange } from './changes';
import { putCapture, type CaptureWrite } from './conversations';
import { db } from './db';

export interface ImportedMemory {
  memory: Memory;
  history: MemoryEvent[];
}

export interface ImportWrite {
  /** Exact: records as given (an Engram export restores itself). Otherwise merged like a capture. */
  exact: boolean;
  conversations: CaptureWrite[];
  memories: ImportedMemory[];
}

export interface ImportResult {
  conversations: number;
  turns: number;
  memories: number;
  /** Records the store already held as they are, or newer: those stayed. */
  kept: number;
}

const newer = (incoming: { updatedAt: string }, stored: { updatedAt: string } | undefined) =>
  !stored || incoming.updatedAt > stored.updatedAt;

/** One import chunk in one transaction: all of it lands, or none of it (#3: chunks survive a worker restart). */
export async function writeImport(write: ImportWrite): Promise<ImportResult> {
  const d = db();
  const out: ImportResult = { conversations: 0, turns: 0, memories: 0, kept: 0 };
  const written = { keys: [] as string[], memories: [] as Memory[] };
  await d.transaction('rw', [d.conversations, d.turns, d.memories, d.memoryEvents], async () => {
    for (const c of write.conversations) {
      if (!write.exact) out.turns += (await putCapture(c, true)).changed;
      else if (newer(c.conversation, await d.conversations.get(c.conversation.key))) {
        await d.conversations.put(c.conversation);
        await d.turns.bulkPut(c.turns);
        out.turns += c.turns.length;
      } else {
        out.kept++;
        continue;
      }
      out.conversations++;
      written.keys.push(c.conversation.key);
    }
    const stored = await d.memories.bulkGet(write.memories.map((m) => m.memory.id));
    const wins = write.memories.filter((m, i) => newer(m.memory, stored[i]));
    out.kept += write.memories.length - wins.length;
    await d.memories.bulkPut(wins.map((m) => m.memory));
    // History is a log: the winner's events join any already stored (same ids for the same change).
    await d.memoryEvents.bulkPut(wins.flatMap((m) => m.history));
    out.memories = wins.length;
    written.memories = wins.map((m) => m.memory);
  });
  if (written.keys.length > 0) emitStoreChange({ kind: 'turns', conversationKeys: written.keys });
  if (written.memories.length > 0) emitStoreChange({ kind: 'memories', memories: written.memories });
  return out;
}
