// Read side of captured turns for recall's "From past chats" (#5): the turns on each conversation's visible
// branch. Kept apart from conversations.ts, which capture (#3) owns.
import type { Turn } from '../model/records';
import { db } from './db';

export async function visibleTurns(): Promise<Turn[]> {
  const rows = await db().turns.toArray();
  return rows.filter((t) => !t.superseded);
}
