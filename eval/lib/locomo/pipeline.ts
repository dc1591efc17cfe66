// eval:locomo's seams wired to Engram (#7): the extractor is lib/pipeline over a fake-indexeddb store (one per
// LoCoMo conversation, sessions fed in order, each session's date as "now" and as the turns' time), and the
// ranker is lib/recall, so the block is the one Engram would insert. The caller imports 'fake-indexeddb/auto'.
//
// Speakers: LoCoMo has two people and no assistant. The conversation's first speaker (speaker_a) is the
// "user" and the other is the "assistant", so Engram extracts what speaker A says about themself, with B's
// turns as context. Questions about B are then answered only from what A said about B: that is a real cost
// of the mapping, visible in the report, and the alternative (once per speaker) is left for a later run.
import { conversationKey, turnKey } from '../../../lib/model/keys';
import type { Conversation, Turn } from '../../../lib/model/records';
import type { Settings } from '../../../lib/model/settings';
import { runDueJobs } from '../../../lib/pipeline/queue';
import type { Provider } from '../../../lib/providers/types';
import { viewFor } from '../../../lib/past/memory-answer';
import { loadSqlite, memoryTable } from '../../../lib/past/memory-db';
import type { Recallable } from '../../../lib/recall/index';
import { recall } from '../../../lib/recall/recall';
import { saveCapture } from '../../../lib/store/conversations';
import { db, deleteDb } from '../../../lib/store/db';
import { enqueueExtraction } from '../../../lib/store/jobs';
import { listUsage } from '../../../lib/store/usage';
import type { ProviderReply } from '../provider';
import type { LocomoConversation, LocomoSession } from './data';
import type { Candidate, LocomoExtractor, Ranker } from './run';

function conversationRow(c: LocomoConversation, at: string): Conversation {
  const id = c.sample_id;
  return {
    ...{
      key: conversationKey('chatgpt', id),
      site: 'chatgpt',
      id,
      url: `https://chatgpt.com/c/${id}`,
      title: id,
    },
    ...{ scope: null, createdAt: null, updatedAt: at },
    health: { strategy: 'page', turnsSeen: 0, turnsStored: 0, lastError: null, checkedAt: at },
  };
}

/** Capture normalization: speaker A → user, B → assistant; orders continue across sessions. */
export function sessionTurns(c: LocomoConversation, s: LocomoSession, startOrder: number): Turn[] {
  const userSpeaker = c.conversation['speaker_a'];
  const key = conversationKey('chatgpt', c.sample_id);
  return s.turns.map((t, i) => ({
    ...{ key: turnKey(key, t.diaId), conversationKey: key, id: t.diaId, text: `${t.speaker}: ${t.text}` },
    ...{ role: t.speaker === userSpeaker ? 'user' : 'assistant', createdAt: s.at, order: startOrder + i },
    ...{ superseded: false, capturedAt: s.at },
  }));
}

export function pipelineExtractor(
  providerFor: (s: LocomoSession) => Provider,
  settings: Settings,
  countTokens: (text: string) => Promise<number>,
): LocomoExtractor {
  let current: string | null = null;
  let order = 0;
  return async (s, c) => {
    if (current !== c.sample_id) {
      await deleteDb();
      current = c.sample_id;
      order = 0;
    }
    const turns = sessionTurns(c, s, order);
    // A later session is appended to what was captured before, not a new complete view.
    await saveCapture({ conversation: conversationRow(c, s.at), turns }, order === 0);
    order += turns.length;
    const now = new Date(s.at);
    const usedBefore = (await listUsage()).length;
    await enqueueExtraction(`chatgpt:${c.sample_id}`, now, now);
    const provider = providerFor(s);
    const env = {
      owner: 'eval',
      provider: async () => provider,
      settings: async () => settings,
      countTokens,
    };
    await runDueJobs({ ...env, wakeAt: async () => undefined, now: () => now });
    const failed = (await db().jobs.toArray()).find((j) => j.lastError);
    if (failed) throw new Error(`${c.sample_id} session ${s.index}: job failed: ${failed.lastError}`);
    const written = await db().memories.where('updatedAt').equals(now.toISOString()).toArray();
    const memories = written
      .filter((m) => m.status === 'active' || m.status === 'pending')
      .map((m) => ({ text: m.text, mentionedAt: m.mentionedAt }));
    const replies: ProviderReply[] = (await listUsage()).slice(usedBefore).map((u) => ({
      text: '',
      usage: { promptTokens: u.promptTokens, completionTokens: u.completionTokens, costUsd: u.costUsd },
    }));
    return { memories, replies };
  };
}

/** lib/recall over the candidates, with a budget large enough that the block builder applies --budget. */
export async function recallRanker(): Promise<Ranker> {
  await loadSqlite();
  return (question, candidates) => {
    const byId = new Map<string, Candidate>(candidates.map((c, i) => [`c${i}`, c]));
    const table = memoryTable([...byId].map(([id, c]) => recallable(id, c)));
    const now = Math.max(0, ...candidates.map((c) => Date.parse(c.mentionedAt)));
    const input = { draft: question, recent: [], scopes: null, budgetTokens: 1e9, now };
    const out = recall(viewFor(table, input), input);
    return out.lines.map((l) => byId.get(l.memory.id)!).filter(Boolean);
  };
}

function recallable(id: string, c: Candidate): Recallable {
  return {
    ...{ id, text: c.text, type: 'event', priority: 50, pinned: false, proofCount: 1 },
    ...{
      mentionedAt: c.mentionedAt,
      occurredStart: null,
      occurredEnd: null,
      scope: 'global',
      status: 'active',
    },
    tokenCount: Math.ceil(c.text.length / 4),
  };
}
