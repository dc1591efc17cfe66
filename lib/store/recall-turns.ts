// Read side of captured turns for recall's "From past chats" (#5): the turns on each conversation's visible
// branch. Kept apart from conversations.ts, which capture (#3) owns.
import type { Turn } from '../model/records';
import { turnsOf } from './conversations';
import { db } from './db';

export async function visibleTurns(): Promise<Turn[]> {
  const rows = await db().turns.toArray();
  return rows.filter((t) => !t.superseded);
}

/** Conversations with a turn captured after `iso`: the past index's catch-up after a worker stopped (#13). */
export async function conversationsCapturedSince(iso: string): Promise<string[]> {
  const keys = new Set<string>();
  await db()
    .turns.where('capturedAt')
    .above(iso)
    .each((t) => keys.add(t.conversationKey));
  return [...keys];
}

/** Every stored conversation's key, for a full rebuild of the past index. */
export async function conversationKeys(): Promise<string[]> {
  return (await db().conversations.toCollection().primaryKeys()).map(String);
}

/** Which of these turns still exist on their conversation's visible branch: a stale index hit is dropped. */
export async function liveTurnKeys(keys: readonly string[]): Promise<Set<string>> {
  const rows = await db().turns.bulkGet([...keys]);
  return new Set(rows.flatMap((t) => (t && !t.superseded ? [t.key] : [])));
}

/** Several conversations' turns, in order, in one read transaction: the past index reads them in batches. */
export async function turnsOfMany(keys: readonly string[]): Promise<Turn[][]> {
  return db().transaction('r', db().turns, () => Promise.all(keys.map(turnsOf)));
}
