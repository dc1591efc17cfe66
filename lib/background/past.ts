// The index of past-turn excerpts for "From past chats" (#5). Built only when that setting is on, then kept
// in step with captures. Excerpt token counts are made here, at indexing time, never on a query.
import type { Turn } from '../model/records';
import { escapeMemoryText } from '../recall/block';
import { conversationExcerpts, excerptLine, type Excerpt } from '../recall/excerpts';
import { RecallIndex, type Recallable } from '../recall/index';
import { turnsOf } from '../store/conversations';
import { visibleTurns } from '../store/recall-turns';
import { countTokens } from '../tokens';

let index: Promise<RecallIndex> | undefined;
/** How many excerpts each turn has in the index, so a shorter re-capture drops the stale ones. */
const pieces = new Map<string, number>();

// Each excerpt is indexed with the turns either side of its own (excerpts.ts), so a conversation is indexed
// as a whole: a new turn also changes the context of the one before it.
async function toLine(turn: Turn, e: Excerpt): Promise<Recallable> {
  const text = `${turn.role === 'user' ? 'Me' : 'Assistant'}: ${e.text}`;
  const tokenCount = await countTokens(escapeMemoryText(text));
  const at = turn.createdAt ?? turn.capturedAt;
  return excerptLine({ id: `${turn.key}#${e.piece}`, text, context: e.context, at, tokenCount }, [turn.key]);
}

function dropPieces(idx: RecallIndex, key: string, from = 0): void {
  for (let i = from; i < (pieces.get(key) ?? 0); i++) idx.remove(`${key}#${i}`);
  if (from === 0) pieces.delete(key);
}

/** Indexes one conversation's visible turns (in order); a shorter re-capture drops the stale pieces. */
async function indexConversation(idx: RecallIndex, visible: readonly Turn[]): Promise<void> {
  const counts = new Map<string, number>();
  for (const e of conversationExcerpts(visible.map((t) => t.text))) {
    const turn = visible[e.turn];
    if (!turn) continue;
    idx.upsert(await toLine(turn, e));
    counts.set(turn.key, e.piece + 1);
  }
  for (const turn of visible) {
    dropPieces(idx, turn.key, counts.get(turn.key) ?? 0);
    pieces.set(turn.key, counts.get(turn.key) ?? 0);
  }
}

function byConversation(turns: readonly Turn[]): Turn[][] {
  const groups = new Map<string, Turn[]>();
  for (const t of turns) groups.set(t.conversationKey, [...(groups.get(t.conversationKey) ?? []), t]);
  return [...groups.values()].map((g) => g.sort((a, b) => a.order - b.order));
}

export function pastIndex(): Promise<RecallIndex> {
  index ??= (async () => {
    const idx = new RecallIndex();
    for (const conversation of byConversation(await visibleTurns()))
      await indexConversation(idx, conversation);
    return idx;
  })();
  return index;
}

/** After a capture: re-index that conversation's turns, if the index exists (else it is built later). */
export async function indexCapturedConversation(conversationKey: string): Promise<void> {
  if (!index) return;
  const idx = await index;
  const turns = await turnsOf(conversationKey);
  for (const turn of turns) if (turn.superseded) dropPieces(idx, turn.key);
  await indexConversation(
    idx,
    turns.filter((t) => !t.superseded),
  );
}

export function resetPastIndex(): void {
  index = undefined;
  pieces.clear();
}
