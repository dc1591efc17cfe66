// A chunk of an imported file (#12): each record checked on its own (import-checks.ts), one nested too deep
// refused before anything clones it, what a memory may do planned against the stored copy (lib/import/hold.ts,
// #25), and the rest written in one transaction.
import { shallowOnly } from '../../import/depth';
import { planMemory } from '../../import/hold';
import type { ImportChunk, ImportChunkReply, ImportRefusal } from '../../model/messages';
import { writeImport } from '../../store/import';
import { checkConversation, checkJob, checkMemory, checkUsage, type Checked } from './import-checks';

function sort<T>(checked: Checked<T>[], refused: ImportRefusal[]): T[] {
  return checked.flatMap((c) => (c.ok ? [c.value] : (refused.push(c.refusal), [])));
}

export async function handleImportChunk(chunk: ImportChunk, now = new Date()): Promise<ImportChunkReply> {
  const refused: ImportRefusal[] = [];
  // Before anything clones them (structuredClone in recounted): one record nested too deep is refused alone.
  const shallow = (list: unknown[] | undefined, kind: string, name: string) =>
    shallowOnly(list ?? [], kind, () => name, refused);
  const conversations = sort(
    shallow(chunk.conversations, 'Conversation', 'title').map((c) => checkConversation(c, now)),
    refused,
  );
  const memories = sort(
    await Promise.all(shallow(chunk.memories, 'Memory', 'text').map((m) => checkMemory(m, now))),
    refused,
  );
  const jobs = sort(
    shallow(chunk.jobs, 'Job', 'conversationKey').map((j) => checkJob(j, now)),
    refused,
  );
  const late = [...conversations.filter((c) => c.late).map((c) => c.write.conversation.key)];
  late.push(...jobs.filter((j) => j.late).map((j) => j.job.id));
  // One millisecond after the present every file date was brought back to: a hold is its memory's latest event.
  const holdAt = new Date(now.getTime() + 1).toISOString();
  const written = await writeImport({
    exact: chunk.exact,
    conversations: conversations.map((c) => c.write),
    progress: conversations.flatMap((c) => (c.progress ? [c.progress] : [])),
    memories,
    planMemory: (incoming, stored, mine) => planMemory(incoming, stored, mine, holdAt),
    late: new Set(late),
    jobs: jobs.map((j) => j.job),
    usage: sort(
      shallow(chunk.usage, 'Usage record', 'model').map((u) => checkUsage(u, now)),
      refused,
    ),
  });
  return { ...written, refused };
}
