// The index of past-turn excerpts for "From past chats" (#5). Built only when that setting is on, then kept
// in step with captures. Excerpt token counts are made here, at indexing time, never on a query.
import type { Turn } from '../model/records';
import { escapeMemoryText } from '../recall/block';
import { excerpts } from '../recall/excerpts';
import { RecallIndex, type Recallable } from '../recall/index';
import { turnsOf } from '../store/conversations';
import { visibleTurns } from '../store/recall-turns';
import { countTokens } from '../tokens';

let index: Promise<RecallIndex> | undefined;
/** How many excerpts each turn has in the index, so a shorter re-capture drops the stale ones. */
const pieces = new Map<string, number>();

async function toExcerpts(turn: Turn): Promise<Recallable[]> {
  const who = turn.role === 'user' ? 'Me' : 'Assistant';
  const at = turn.createdAt ?? turn.capturedAt;
  return Promise.all(
    excerpts(turn.text).map(async (piece, i) => {
      const text = `${who}: ${piece}`;
      return {
        id: `${turn.key}#${i}`,
        text,
        type: 'event' as const,
        priority: 0,
        pinned: false,
        proofCount: 1,
        mentionedAt: at,
        occurredStart: at,
        occurredEnd: null,
        scope: 'global',
        status: 'active' as const,
        tokenCount: await countTokens(escapeMemoryText(text)),
        evidence: [turn.key],
        excerpt: true,
      };
    }),
  );
}

async function indexTurn(idx: RecallIndex, turn: Turn): Promise<void> {
  const lines = await toExcerpts(turn);
  for (let i = lines.length; i < (pieces.get(turn.key) ?? 0); i++) idx.remove(`${turn.key}#${i}`);
  for (const line of lines) idx.upsert(line);
  pieces.set(turn.key, lines.length);
}

export function pastIndex(): Promise<RecallIndex> {
  index ??= (async () => {
    const idx = new RecallIndex();
    for (const turn of await visibleTurns()) await indexTurn(idx, turn);
    return idx;
  })();
  return index;
}

/** After a capture: re-index that conversation's turns, if the index exists (else it is built later). */
export async function indexCapturedConversation(conversationKey: string): Promise<void> {
  if (!index) return;
  const idx = await index;
  for (const turn of await turnsOf(conversationKey)) {
    if (!turn.superseded) await indexTurn(idx, turn);
    else for (let i = 0; i < (pieces.get(turn.key) ?? 0); i++) idx.remove(`${turn.key}#${i}`);
  }
}

export function resetPastIndex(): void {
  index = undefined;
  pieces.clear();
}
