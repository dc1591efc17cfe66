// Read side of captured turns for recall's "From past chats" (#5): the turns on each conversation's visible
// branch. Kept apart from conversations.ts, which capture (#3) owns.
import type { Turn } from '../model/records';
import { turnsOf } from './conversations';
import { db } from './db';

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

/**
 * Which of these turns still exist on their conversation's visible branch (a stale index hit is dropped), and
 * belong to a conversation in these scopes (#34 item 4): a chat in a project is quoted only where its project is
 * asked for; a chat outside projects anywhere. `scopes` null: every scope.
 */
export async function liveTurnKeys(
  keys: readonly string[],
  scopes: ReadonlySet<string> | null = null,
): Promise<Set<string>> {
  const rows = (await db().turns.bulkGet([...keys])).filter(
    (t): t is Turn => t !== undefined && !t.superseded,
  );
  if (!scopes) return new Set(rows.map((t) => t.key));
  const conversations = await db().conversations.bulkGet([...new Set(rows.map((t) => t.conversationKey))]);
  const allowed = new Set(
    conversations.flatMap((c) => (c && (c.scope === null || scopes.has(c.scope)) ? [c.key] : [])),
  );
  return new Set(rows.filter((t) => allowed.has(t.conversationKey)).map((t) => t.key));
}

/** Several conversations' turns, in order, in one read transaction: the past index reads them in batches. */
export async function turnsOfMany(keys: readonly string[]): Promise<Turn[][]> {
  return db().transaction('r', db().turns, () => Promise.all(keys.map(turnsOf)));
}
