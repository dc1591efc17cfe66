// Imports write checked records (lib/background/import/import-chunk.ts checks each with the store's schemas, #12). On a
// conflict the newer record by updatedAt wins, so an older backup never overwrites a newer edit or revives a
// memory deleted since it was made; a record the file dated after the import never wins (#25). What a memory may
// do is planned by lib/import/hold.ts against the stored copy, in this transaction. Extraction progress, open jobs
// and usage come back too, so a restore never pays again for what was already extracted.
import type { Job, Memory, MemoryEvent, Usage } from '../model/records';
import { emitStoreChange } from './changes';
import { putCapture, type CaptureWrite } from './conversations';
import { db, type EngramDB } from './db';
import { writtenByPerson } from './limits';
import { memoryChanges, noteChanges } from './sync-rows';

export interface ImportedMemory {
  memory: Memory;
  history: MemoryEvent[];
  /** The file dated it after the import (lib/import/clamp.ts lateDated). */
  late: boolean;
}

/** Keep the stored copy; write this one (held: as a pending memory in Review); or propose a change in Review. */
export type MemoryPlan =
  | { kind: 'keep' }
  | { kind: 'write'; memory: Memory; history: MemoryEvent[]; held: boolean }
  | { kind: 'propose'; proposal: Memory; event: MemoryEvent };

export type PlanMemory = (
  incoming: ImportedMemory,
  stored: Memory | undefined,
  writtenByYou: boolean,
) => MemoryPlan;

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
  planMemory: PlanMemory;
  /** Conversation keys and job ids the file dated after the import: they never replace a stored copy. */
  late?: ReadonlySet<string>;
  progress?: Progress[];
  jobs?: Job[];
  usage?: Usage[];
}

export interface ImportResult {
  conversations: number;
  turns: number;
  memories: number;
  /** Memories written to wait in Review, and proposals to change memories the person owns (#25). */
  held: number;
  /** Records the store already held as they are, or newer: those stayed. */
  kept: number;
  progress: number;
  jobs: number;
  usage: number;
}

const newer = (incoming: { updatedAt: string }, stored: { updatedAt: string } | undefined, late = false) =>
  !stored || (!late && incoming.updatedAt > stored.updatedAt);

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
    } else if (
      newer(
        c.conversation,
        await d.conversations.get(c.conversation.key),
        write.late?.has(c.conversation.key),
      )
    ) {
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

async function writeMemories(d: EngramDB, write: ImportWrite, out: ImportResult): Promise<Memory[]> {
  const incoming = write.memories;
  if (incoming.length === 0) return [];
  const stored = await d.memories.bulkGet(incoming.map((m) => m.memory.id));
  const mine = await writtenByPerson(stored.flatMap((m) => (m ? [m.id] : [])));
  const plans = incoming.map((m, i) => write.planMemory(m, stored[i], mine.has(m.memory.id)));
  const memories: Memory[] = [];
  const events: MemoryEvent[] = [];
  for (const plan of plans) {
    if (plan.kind === 'keep') out.kept++;
    else if (plan.kind === 'write') {
      memories.push(plan.memory);
      // History is a log: the winner's events join any already stored (same ids for the same change).
      events.push(...plan.history);
      out.memories++;
      if (plan.held) out.held++;
    } else {
      memories.push(plan.proposal);
      events.push(plan.event);
      out.held++;
    }
  }
  await d.memories.bulkPut(memories);
  await d.memoryEvents.bulkPut(events);
  await noteChanges(d, memoryChanges(events));
  return memories;
}

/** Jobs by the newer updatedAt; usage rows never change, so a stored one stays. */
async function writeJobsAndUsage(d: EngramDB, write: ImportWrite, out: ImportResult): Promise<void> {
  const jobs = write.jobs ?? [];
  if (jobs.length === 0 && !write.usage?.length) return;
  const storedJobs = await d.jobs.bulkGet(jobs.map((j) => j.id));
  const jobWins = jobs.filter((j, i) => newer(j, storedJobs[i], write.late?.has(j.id)));
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
    held: 0,
    kept: 0,
    progress: 0,
    jobs: 0,
    usage: 0,
  };
  const tables = [d.conversations, d.turns, d.memories, d.memoryEvents, d.jobs, d.usage, d.outbox];
  const { keys, memories } = await d.transaction('rw', tables, async () => {
    const keys = await writeConversations(d, write, out);
    const memories = await writeMemories(d, write, out);
    await writeJobsAndUsage(d, write, out);
    out.progress = await restoreProgress(d, write.progress ?? []);
    return { keys, memories };
  });
  if (keys.length > 0) emitStoreChange({ kind: 'turns', conversationKeys: keys });
  if (memories.length > 0) emitStoreChange({ kind: 'memories', memories });
  return out;
}
