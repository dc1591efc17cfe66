// One memory query answered from the memory table (#28): what the background's recall asks the index's worker for,
// and what the eval, the bench and unit tests compute in their own thread with the same code.
import type { MemoryAnswer, MemoryQuery } from '../model/past';
import { AnswerView, memoryQueryOf } from '../recall/answer-view';
import { boostFactor } from '../recall/boost';
import type { MemoryRow } from '../recall/index';
import { inProfile, profileScore } from '../recall/rank';
import { queryWindow } from '../recall/time';
import type { RecallInput } from '../recall/recall';
import { profileRows, rowsFor } from './memory-reads';
import { HEAD, lexicalHits, type LexicalOptions } from './memory-search';
import type { MemoryTable } from './memory-table';

type Scored = MemoryRow & { score: number; boost?: number };

/**
 * The profile block's candidates in these scopes, best first by the score recall ranks them by (rank.ts), cut to
 * the best few hundred: at 10,000 memories a third are profile or preference lines, too many to send.
 */
function profileHits(table: MemoryTable, req: MemoryQuery): Scored[] {
  return profileRows(table, req.scopes)
    .filter((row) => inProfile(row.memory))
    .map((row) => ({ ...row, score: profileScore(row.memory, req.now) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, HEAD);
}

/**
 * The matches recall can rank: those in the request's scopes, standing and pinned lines apart (every answer holds
 * them once, and recall finds them there by id). All 400 with every standing and pinned line twice were 330 kB at
 * 10,000 memories, parsed at each of the reply's two hops. Cutting further to the best 200 by boosted score (the
 * packing pool) held the same block until lines of one conversation began to rise together (lib/recall/
 * sessions.ts, #28): a match ranked past 200 can now reach the pool, so none is cut. After a Remove (exclude),
 * all are sent, as near-duplicates of the removed line are dropped before the pool (recall.ts).
 */
function rankable(hits: Scored[], req: MemoryQuery, reserved: readonly MemoryRow[]): Scored[] {
  if (req.exclude.length > 0) return hits;
  const scopes = req.scopes ? new Set(req.scopes) : null;
  const held = new Set(reserved.map((r) => r.memory.id));
  return hits.filter((hit) => (!scopes || scopes.has(hit.memory.scope)) && !held.has(hit.memory.id));
}

export function answerMemories(table: MemoryTable, req: MemoryQuery, options?: LexicalOptions): MemoryAnswer {
  const ranked = req.mode === 'profile' ? [] : lexicalHits(table, req.query, options);
  const rows = rowsFor(
    table,
    ranked.map(([rowid]) => rowid),
    req.exclude,
  );
  // Each hit's boost for this query (recall's, lib/recall/rank.ts), where the row's parsed date is kept.
  const window = queryWindow(req.query, req.now);
  const hits: Scored[] = [];
  for (let i = 0; i < ranked.length; i++) {
    const row = rows.hits[i];
    if (!row) continue;
    const boost = boostFactor(row.memory, req.now, window, row.mentioned);
    hits.push({ memory: row.memory, stems: row.stems, score: ranked[i]?.[1] ?? 0, boost });
  }
  return {
    hits: req.mode === 'profile' ? profileHits(table, req) : rankable(hits, req, rows.reserved),
    lexical: hits.map((h): [string, number] => [h.memory.id, h.score]),
    reserved: rows.reserved,
    extra: rows.extra,
  };
}

/**
 * recall()'s memory index for one request over a table in this thread (the eval, the bench, unit tests): the
 * extension's path without the messages. Memories the semantic tier ranks come from the table too.
 */
export function viewFor(table: MemoryTable, input: RecallInput, options?: LexicalOptions): AnswerView {
  const query = memoryQueryOf(input);
  const more = new Map(rowsFor(table, [], input.semantic ?? []).extra.map((r) => [r.memory.id, r.memory]));
  return new AnswerView(answerMemories(table, query, options), query.query, more, query.now);
}
