// Reads behind the memory manager and popup (#6). Pages read here; every write goes by message.
import type { Conversation, Job, JobStatus, Memory, MemoryEvent, Turn, Usage } from '../model/records';
import { db } from './db';
import { historyOf } from './memories';

/** Every memory, including the Trash: the manager filters in memory (10,000 load in well under a second). */
export async function listAllMemories(): Promise<Memory[]> {
  return db().memories.toArray();
}

export interface PopupCounts {
  memories: number;
  pending: number;
  failedJobs: number;
}

/** Index-only counts: the popup must open in under 100 ms with 10,000 memories (#6). */
export async function popupCounts(): Promise<PopupCounts> {
  const d = db();
  const [memories, pending, failedJobs] = await Promise.all([
    d.memories.where('status').equals('active').count(),
    d.memories.where('status').equals('pending').count(),
    d.jobs.where('status').equals('failed').count(),
  ]);
  return { memories, pending, failedJobs };
}

export async function jobsWithStatus(status: JobStatus, limit = 100): Promise<Job[]> {
  const rows = await db().jobs.where('status').equals(status).toArray();
  return rows.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, limit);
}

/** The stored titles of these conversations, by key: a job names its chat (#16: "Retry" buttons said which). */
export async function conversationTitles(keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db().conversations.bulkGet([...new Set(keys)]);
  return new Map(rows.flatMap((c) => (c?.title ? [[c.key, c.title] as const] : [])));
}

export async function listUsage(): Promise<Usage[]> {
  return db().usage.orderBy('day').reverse().toArray();
}

export interface ConversationRow {
  conversation: Conversation;
  turns: number;
  lastExtraction: Job | null;
}

/**
 * Every conversation with its turn count and last extraction, in three queries whatever the count: two per
 * conversation took over 20 s for 5,000 imported chats (#13, ConversationsSection.test.tsx).
 */
export async function listConversationRows(): Promise<ConversationRow[]> {
  const d = db();
  const [conversations, turnKeys, done] = await Promise.all([
    d.conversations.orderBy('updatedAt').reverse().toArray(),
    d.turns.orderBy('conversationKey').keys(),
    d.jobs.where('status').equals('done').toArray(),
  ]);
  const turns = new Map<string, number>();
  for (const k of turnKeys) turns.set(String(k), (turns.get(String(k)) ?? 0) + 1);
  const last = new Map<string, (typeof done)[number]>();
  for (const j of done) {
    const seen = last.get(j.conversationKey);
    if (!seen || j.updatedAt > seen.updatedAt) last.set(j.conversationKey, j);
  }
  return conversations.map((conversation) => ({
    conversation,
    turns: turns.get(conversation.key) ?? 0,
    lastExtraction: last.get(conversation.key) ?? null,
  }));
}

/** Turns by their full keys (lib/model/keys.ts turnKey), for a memory's provenance. */
export async function turnsByKeys(keys: string[]): Promise<Turn[]> {
  const rows = await db().turns.bulkGet(keys);
  return rows.filter((t): t is Turn => t !== undefined);
}

export interface Proposal {
  memory: Memory;
  /** The version the proposal would replace; null for a new memory (see lib/background/memories/review-decisions.ts). */
  base: Memory | null;
  proposedBy: MemoryEvent | null;
}

/** The version a pending memory would replace, read from its latest event. */
export async function proposalBase(id: string): Promise<{ base: Memory | null; event: MemoryEvent | null }> {
  const event = (await historyOf(id)).at(-1) ?? null;
  const base = event?.before && event.before.status !== 'pending' ? event.before : null;
  return { base, event };
}

export async function pendingProposals(): Promise<Proposal[]> {
  const pending = await db().memories.where('status').equals('pending').sortBy('updatedAt');
  return Promise.all(
    pending.map(async (memory) => {
      const { base, event } = await proposalBase(memory.id);
      return { memory, base, proposedBy: event };
    }),
  );
}
