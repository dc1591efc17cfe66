// Imports write checked records (lib/background/import.ts checks each with the store's schemas, #12). On a
// conflict the newer record by updatedAt wins, so an older backup never overwrites a newer edit or revives a
// memory deleted since it was made. Extraction progress, open jobs and usage come back too, so a restore
// never pays again for what was already extracted.
import type { Job, Memory, MemoryEvent, Usage } from '../model/records';
import { emitStoreChange } from './changes';
import { putCapture, type CaptureWrite } from './conversations';
import { db, type EngramDB } from './db';
import { memoryChanges, noteChanges } from './sync-rows';

export interface ImportedMemory {
  memory: Memory;
  history: MemoryEvent[];
}

/** How far a conversation was extracted when it was exported. */
export interface Progress {
  conversationKey: string;
  throughOrder: number;
  at: string;
}

export interface ImportWrite {
  /** Exact: records as given (an Engram export restores itself). Otherwise merged like a capture. */
  exact: boolean;
  conversations: CaptureWrite[];
  memories: ImportedMemory[];
  progress?: Progress[];
  jobs?: Job[];
  usage?: Usage[];
}

export interface ImportResult {
  conversations: number;
  turns: number;
  memories: number;
  /** Records the store already held as they are, or newer: those stayed. */
  kept: number;
  progress: number;
  jobs: number;
  usage: number;
}

const newer = (incoming: { updatedAt: string }, stored: { updatedAt: string } | undefined) =>
  !stored || incoming.updatedAt > stored.updatedAt;

/** Progress comes back as a finished job covering those turns: the next job starts after them (coveredOrder). */
async function restoreProgress(d: EngramDB, progress: Progress[]): Promise<number> {
  let restored = 0;
  for (const p of progress) {
    const jobs = await d.jobs.where('conversationKey').equals(p.conversationKey).toArray();
    const covered = Math.max(-1, ...jobs.filter((j) => j.status === 'done').map((j) => j.toOrder ?? -1));
    if (covered >= p.throughOrder) continue;
    await d.jobs.put({
      id: `restored:${p.conversationKey}`,
      kind: 'extract',
      conversationKey: p.conversationKey,
      status: 'done',
      attempts: 0,
      fromOrder: 0,
      toOrder: p.throughOrder,
      runAfter: p.at,
      leaseUntil: null,
      leaseOwner: null,
      lastError: null,
      createdAt: p.at,
      updatedAt: p.at,
    });
    restored++;
  }
  return restored;
}

async function writeConversations(d: EngramDB, write: ImportWrite, out: ImportResult): Promise<string[]> {
  const keys: string[] = [];
  for (const c of write.conversations) {
    if (!write.exact) {
      const { changed, written } = await putCapture(c, true);
      // Stored already as the file has it: kept, not imported again (#16: a file imported twice said
      // "Imported 4 conversations, 0 new turns").
      if (written === 0) {
        out.kept++;
        continue;
      }
      out.turns += changed;
    } else if (newer(c.conversation, await d.conversations.get(c.conversation.key))) {
      await d.conversations.put(c.conversation);
      await d.turns.bulkPut(c.turns);
      await noteChanges(d, [{ kind: 'conversation', key: c.conversation.key, turns: null }]);
      out.turns += c.turns.length;
    } else {
      out.kept++;
      continue;
    }
    out.conversations++;
    keys.push(c.conversation.key);
  }
  return keys;
}

async function writeMemories(d: EngramDB, memories: ImportedMemory[], out: ImportResult): Promise<Memory[]> {
  const stored = await d.memories.bulkGet(memories.map((m) => m.memory.id));
  const wins = memories.filter((m, i) => newer(m.memory, stored[i]));
  out.kept += memories.length - wins.length;
  await d.memories.bulkPut(wins.map((m) => m.memory));
  // History is a log: the winner's events join any already stored (same ids for the same change).
  await d.memoryEvents.bulkPut(wins.flatMap((m) => m.history));
  await noteChanges(d, memoryChanges(wins.flatMap((m) => m.history)));
  out.memories = wins.length;
  return wins.map((m) => m.memory);
}

/** Jobs by the newer updatedAt; usage rows never change, so a stored one stays. */
async function writeJobsAndUsage(d: EngramDB, write: ImportWrite, out: ImportResult): Promise<void> {
  const jobs = write.jobs ?? [];
  const storedJobs = await d.jobs.bulkGet(jobs.map((j) => j.id));
  const jobWins = jobs.filter((j, i) => newer(j, storedJobs[i]));
  await d.jobs.bulkPut(jobWins);
  const usage = write.usage ?? [];
  const storedUsage = await d.usage.bulkGet(usage.map((u) => u.id));
  const usageNew = usage.filter((_, i) => !storedUsage[i]);
  await d.usage.bulkPut(usageNew);
  out.jobs = jobWins.length;
  out.usage = usageNew.length;
  out.kept += jobs.length - jobWins.length + usage.length - usageNew.length;
}

/** One import chunk in one transaction: all of it lands, or none of it (#3: chunks survive a worker restart). */
export async function writeImport(write: ImportWrite): Promise<ImportResult> {
  const d = db();
  const out: ImportResult = {
    conversations: 0,
    turns: 0,
    memories: 0,
    kept: 0,
    progress: 0,
    jobs: 0,
    usage: 0,
  };
  const tables = [d.conversations, d.turns, d.memories, d.memoryEvents, d.jobs, d.usage, d.outbox];
  const { keys, memories } = await d.transaction('rw', tables, async () => {
    const keys = await writeConversations(d, write, out);
    const memories = await writeMemories(d, write.memories, out);
    await writeJobsAndUsage(d, write, out);
    out.progress = await restoreProgress(d, write.progress ?? []);
    return { keys, memories };
  });
  if (keys.length > 0) emitStoreChange({ kind: 'turns', conversationKeys: keys });
  if (memories.length > 0) emitStoreChange({ kind: 'memories', memories });
  return out;
}
