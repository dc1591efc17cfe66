// The index of past-turn excerpts for "From past chats" (#5). Built only when that setting is on, then kept
// in step with the store through its change notifications (#12). Excerpt token counts are made here, at
// indexing time, never on a query.
import type { Turn } from '../model/records';
import { escapeMemoryText } from '../recall/block';
import { conversationExcerpts, excerptLine, type Excerpt } from '../recall/excerpts';
import { RecallIndex, type Recallable } from '../recall/index';
import { onStoreChange, type StoreChange } from '../store/changes';
import { turnsOf } from '../store/conversations';
import { visibleTurns } from '../store/recall-turns';
import { countTokens } from '../tokens';

let index: Promise<RecallIndex> | undefined;
/** Per index: how many excerpts each turn has, so a shorter re-capture or a delete drops the stale ones. */
const piecesOf = new WeakMap<RecallIndex, Map<string, number>>();

function pieces(idx: RecallIndex): Map<string, number> {
  let map = piecesOf.get(idx);
  if (!map) piecesOf.set(idx, (map = new Map()));
  return map;
}

// Each excerpt is indexed with the turns either side of its own (excerpts.ts), so a conversation is indexed
// as a whole: a new turn also changes the context of the one before it.
async function toLine(turn: Turn, e: Excerpt): Promise<Recallable> {
  const text = `${turn.role === 'user' ? 'Me' : 'Assistant'}: ${e.text}`;
  const tokenCount = await countTokens(escapeMemoryText(text));
  const at = turn.createdAt ?? turn.capturedAt;
  return excerptLine({ id: `${turn.key}#${e.piece}`, text, context: e.context, at, tokenCount }, [turn.key]);
}

function dropPieces(idx: RecallIndex, key: string, from = 0): void {
  const counts = pieces(idx);
  for (let i = from; i < (counts.get(key) ?? 0); i++) idx.remove(`${key}#${i}`);
  if (from === 0) counts.delete(key);
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
    pieces(idx).set(turn.key, counts.get(turn.key) ?? 0);
  }
}

function byConversation(turns: readonly Turn[]): Turn[][] {
  const groups = new Map<string, Turn[]>();
  for (const t of turns) groups.set(t.conversationKey, [...(groups.get(t.conversationKey) ?? []), t]);
  return [...groups.values()].map((g) => g.sort((a, b) => a.order - b.order));
}

/** One conversation's turns, re-read and re-indexed (a capture or an import changed them). */
async function reindexConversation(idx: RecallIndex, conversationKey: string): Promise<void> {
  const turns = await turnsOf(conversationKey);
  for (const turn of turns) if (turn.superseded) dropPieces(idx, turn.key);
  await indexConversation(
    idx,
    turns.filter((t) => !t.superseded),
  );
}

/** A deleted conversation's excerpts leave the index with it. */
function dropConversation(idx: RecallIndex, conversationKey: string): void {
  for (const turnKey of [...pieces(idx).keys()])
    if (turnKey.startsWith(`${conversationKey}:`)) dropPieces(idx, turnKey);
}

async function follow(idx: RecallIndex, change: StoreChange): Promise<void> {
  if (change.kind === 'turns') for (const key of change.conversationKeys) await reindexConversation(idx, key);
  if (change.kind === 'conversationsDeleted') for (const key of change.keys) dropConversation(idx, key);
}

/** Store changes heard since the index began building, applied one after another. */
let work: Promise<void> = Promise.resolve();

// Captures, imports, conversation deletes and Delete everything reach the index here (lib/store/changes.ts,
// #12): a deleted conversation was quoted until the service worker restarted when only capture updated it.
onStoreChange((change) => {
  if (change.kind === 'cleared') return resetPastIndex();
  const built = index;
  // Not built: the next build reads the store as it is then.
  if (!built) return;
  work = work
    .then(async () => follow(await built, change))
    .catch((e: unknown) => console.warn('Engram: past-turn index update failed', e));
});

async function build(): Promise<RecallIndex> {
  const idx = new RecallIndex();
  for (const conversation of byConversation(await visibleTurns())) await indexConversation(idx, conversation);
  return idx;
}

/** The index, with every store change heard so far applied. */
export async function pastIndex(): Promise<RecallIndex> {
  index ??= build();
  const idx = await index;
  await work;
  return idx;
}

export function resetPastIndex(): void {
  index = undefined;
}
