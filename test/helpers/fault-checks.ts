// The invariants every fault-injection schedule must keep (#12). Each returns what is wrong, in words that
// name the record, or nothing.
import { recallArea } from '../../lib/background/recall/recall-area';
import { turnKey } from '../../lib/model/keys';
import type { Memory, MemoryEvent } from '../../lib/model/records';
import { db } from '../../lib/store/db';
import type { Oracle } from './fault-world';

/** Every field: two versions written in one millisecond share an updatedAt. */
function version(m: Memory): string {
  const entries = Object.entries(m).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries.map(([k, v]) => [k, k === 'sources' ? JSON.stringify(v) : v]));
}

/**
 * A memory's history is one line: each change in place starts from a version an earlier change wrote, no two
 * start from the same one (two writers, one lost), and the stored memory is the last version written.
 */
function historyLine(m: Memory, events: MemoryEvent[]): string[] {
  const written = new Set(events.flatMap((e) => (e.after ? [version(e.after)] : [])));
  const starts = new Map<string, string>();
  const problems: string[] = [];
  for (const e of events) {
    if (!e.before || e.before.id !== m.id) continue;
    const from = version(e.before);
    if (!written.has(from)) problems.push(`${m.id}: event ${e.id} changed a version nothing wrote`);
    const other = starts.get(from);
    if (other) problems.push(`${m.id}: events ${other} and ${e.id} both changed one version (a lost update)`);
    starts.set(from, e.id);
  }
  if (!written.has(version(m)))
    problems.push(`${m.id}: the stored version is in no event (an unlogged write)`);
  return problems;
}

async function memoryProblems(oracle: Oracle): Promise<string[]> {
  const d = db();
  const [memories, events] = await Promise.all([d.memories.toArray(), d.memoryEvents.toArray()]);
  const byMemory = new Map<string, MemoryEvent[]>();
  for (const e of events) byMemory.set(e.memoryId, [...(byMemory.get(e.memoryId) ?? []), e]);
  const stored = new Map(memories.map((m) => [m.id, m]));
  const ids = new Set(events.map((e) => e.id));
  return [
    ...memories.flatMap((m) => historyLine(m, byMemory.get(m.id) ?? [])),
    ...[...oracle.deleted]
      .filter((id) => ['active', 'pending'].includes(stored.get(id)?.status ?? ''))
      .map((id) => `${id}: deleted by the person, live again`),
    ...[...oracle.edits].filter((id) => !ids.has(id)).map((id) => `the person's edit ${id} is gone`),
    // A job that was waiting or running when a delete removed it writes nothing, ever.
    ...events
      .filter((e) => e.jobId && oracle.cancelled.has(e.jobId) && !oracle.imported.has(e.id))
      .map((e) => `event ${e.id}: written by job ${e.jobId ?? ''}, cancelled by a delete`),
  ];
}

async function jobProblems(oracle: Oracle): Promise<string[]> {
  const jobs = new Map((await db().jobs.toArray()).map((j) => [j.id, j]));
  const problems = [...jobs.values()]
    .filter((j) => j.status !== 'done' && j.status !== 'failed')
    .map((j) => `job ${j.id} ended ${j.status}`);
  for (const id of oracle.jobs.keys())
    if (!jobs.has(id) && !oracle.removed.has(id)) problems.push(`job ${id} vanished without a delete`);
  return problems;
}

async function turnProblems(): Promise<string[]> {
  const d = db();
  const [conversations, turns] = await Promise.all([d.conversations.toArray(), d.turns.toArray()]);
  const keys = new Set(conversations.map((c) => c.key));
  const places = new Set<string>();
  const problems: string[] = [];
  for (const t of turns) {
    if (!keys.has(t.conversationKey)) problems.push(`turn ${t.key} outlived its conversation`);
    if (t.key !== turnKey(t.conversationKey, t.id)) problems.push(`turn ${t.key} has a foreign key`);
    const place = `${t.conversationKey}#${t.order}`;
    if (!t.superseded && places.has(place)) problems.push(`two visible turns at ${place}`);
    places.add(place);
  }
  return problems;
}

/** The memory index holds exactly the active memories: it followed every write, delete and import. */
async function indexProblems(): Promise<string[]> {
  const active = (await db().memories.where('status').equals('active').primaryKeys()).sort();
  const indexed = (await recallArea().memories.ids()).sort();
  return JSON.stringify(active) === JSON.stringify(indexed)
    ? []
    : [`recall index ${JSON.stringify(indexed)} is not the active memories ${JSON.stringify(active)}`];
}

export async function invariantProblems(oracle: Oracle): Promise<string[]> {
  return [
    ...(await memoryProblems(oracle)),
    ...(await jobProblems(oracle)),
    ...(await turnProblems()),
    ...(await indexProblems()),
  ];
}
