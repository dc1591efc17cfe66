// What the person does during a fault-injection schedule (#12), through the same background handlers as the
// options page: edits, deletes, restores, conversation deletes, Delete everything, exports and imports. Each
// records in the oracle what the checks (fault-checks.ts) must then find.
import { handlers } from '../../lib/background/handlers';
import type { Memory } from '../../lib/model/records';
import { db } from '../../lib/store/db';
import { readExport } from '../../lib/store/export';
import { historyOf } from '../../lib/store/memories';
import { pick } from './fault-model';
import { CONVERSATIONS, ext, importFile, type World } from './fault-world';

async function some(w: World, statuses: Memory['status'][]): Promise<Memory | undefined> {
  const rows = await db().memories.where('status').anyOf(statuses).sortBy('id');
  return pick(w.rnd, rows);
}

export async function edit(w: World): Promise<void> {
  const m = await some(w, ['active']);
  if (!m) return;
  const after = await handlers.updateMemory({ id: m.id, text: `${m.text} (edited)` }, ext);
  const mine = (await historyOf(m.id)).find(
    (e) => e.actor === 'user' && e.after?.updatedAt === after.updatedAt,
  );
  if (mine) w.oracle.edits.add(mine.id);
  w.trace.push(`edit ${m.id}`);
}

export async function deleteMemory(w: World): Promise<void> {
  const m = await some(w, ['active', 'pending']);
  if (!m) return;
  await handlers.deleteMemory({ id: m.id }, ext);
  w.oracle.deleted.add(m.id);
  w.trace.push(`delete ${m.id}`);
}

export async function restore(w: World): Promise<void> {
  const m = await some(w, ['deleted']);
  if (!m) return;
  await handlers.restoreMemory({ id: m.id }, ext);
  w.oracle.deleted.delete(m.id);
  w.trace.push(`restore ${m.id}`);
}

export async function deleteConversation(w: World): Promise<void> {
  const key = pick(w.rnd, CONVERSATIONS) ?? 'chatgpt:a';
  if (!(await db().conversations.get(key))) return;
  await w.observe();
  const live = new Set(
    (await db().memories.where('status').anyOf('active', 'pending').toArray()).map((m) => m.id),
  );
  const removeMemories = w.rnd() < 0.7;
  const open = await unfinished();
  await handlers.deleteConversation({ key, removeMemories }, ext);
  for (const [id, k] of w.oracle.jobs) if (k === key) w.removed(id, open);
  for (const m of await db().memories.where('status').equals('deleted').toArray())
    if (live.has(m.id)) w.oracle.deleted.add(m.id);
  w.trace.push(`delete conversation ${key}${removeMemories ? ' and its memories' : ''}`);
}

async function unfinished(): Promise<Set<string>> {
  return new Set(await db().jobs.where('status').anyOf('pending', 'running').primaryKeys());
}

export async function deleteEverything(w: World): Promise<void> {
  await w.observe();
  const open = await unfinished();
  await handlers.deleteEverything({ confirm: 'DELETE' }, ext);
  for (const id of w.oracle.jobs.keys()) w.removed(id, open);
  w.oracle.deleted.clear();
  w.oracle.edits.clear();
  w.oracle.imported.clear();
  w.trace.push('Delete everything');
}

export async function exportAll(w: World): Promise<void> {
  w.exports.push(await readExport());
  w.trace.push(`export #${w.exports.length}`);
}

export async function importOne(w: World): Promise<void> {
  const data = pick(w.rnd, w.exports);
  if (!data) return;
  await importFile(data);
  for (const m of data.memories) for (const e of m.history) w.oracle.imported.add(e.id);
  for (const j of data.jobs ?? []) w.oracle.cancelled.delete(j.id);
  w.trace.push(`import #${w.exports.indexOf(data) + 1}`);
}
