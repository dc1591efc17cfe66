// What Engram keeps per conversation about the promise the site made (#34): `private` once any signal said the
// site would not remember it, `confirmed` once the site's JSON said it is not private and holds only the person's
// turns. Kept in IndexedDB, not the service worker's memory (stopped after ~30 s idle), so the verdict outlives
// tabs, reloads and restarts; written in the same transaction as the capture it allows or the forgetting it
// causes, so a capture and a "this is private" racing each other can never leave turns behind.
import type { Memory } from '../model/records';
import { conversationKey } from '../model/keys';
import type { Site } from '../model/site';
import type { Forgotten, PrivacyRow } from './privacy-rows';
import type { PrivacyMark } from '../sites/privacy';
import { emitStoreChange } from './changes';
import { putCapture, type CaptureWrite } from './conversations';
import { db, type EngramDB } from './db';
import { bumpGeneration } from './generation';
import { purgeRows } from './purge';
import { noteChanges } from './sync-rows';

/** Verdicts kept at most; the oldest `confirmed` go first, then the oldest of all. */
export const MAX_MARKS = 10_000;

export async function privacyMark(key: string): Promise<PrivacyMark | null> {
  return (await db().privacy.get(key))?.state ?? null;
}

/** Inside a transaction that includes `privacy`: keeps the table under MAX_MARKS. */
async function prune(d: EngramDB): Promise<void> {
  const over = (await d.privacy.count()) - MAX_MARKS;
  if (over <= 0) return;
  const confirmed = await d.privacy.where('state').equals('confirmed').sortBy('at');
  const old = confirmed.slice(0, over).map((r) => r.key);
  if (old.length < over)
    old.push(
      ...(await d.privacy
        .orderBy('at')
        .limit(over - old.length)
        .primaryKeys()),
    );
  await d.privacy.bulkDelete(old);
}

/** Inside a capture's transaction: the chat's JSON confirmed it; a private verdict is never overwritten. */
async function confirmChat(d: EngramDB, key: string, site: Site, at: string): Promise<void> {
  if (await d.privacy.get(key)) return;
  await d.privacy.put({ key, site, state: 'confirmed', at });
  await prune(d);
}

const isFrom = (site: Site, id: string) => (m: Memory) =>
  m.sources.some((s) => s.site === site && s.conversationId === id);

/** The conversation keys marked private, inside a transaction that includes `privacy`. */
export type Hidden = ReadonlySet<string>;
export const privateKeys = async (d: EngramDB): Promise<Hidden> =>
  new Set((await d.privacy.where('state').equals('private').primaryKeys()) as string[]);

/** True when a memory cites a chat marked private. */
export const citesPrivate = (m: Memory, hidden: Hidden): boolean =>
  hidden.size > 0 &&
  m.sources.some(
    (s) =>
      s.site !== null && s.conversationId !== null && hidden.has(conversationKey(s.site, s.conversationId)),
  );

/** Every memory citing the chat, with its history and vectors; what sync owes is a purge of each. */
async function purgeCiting(d: EngramDB, site: Site, id: string): Promise<string[]> {
  const ids = (await d.memories.filter(isFrom(site, id)).primaryKeys()) as string[];
  await purgeRows(d, ids);
  return ids;
}

/** The chat's rows, jobs and pending sync rows; a delete the other devices follow when anything was stored. */
async function dropConversation(d: EngramDB, key: string, at: string): Promise<Omit<Forgotten, 'memories'>> {
  const turns = await d.turns.where('conversationKey').equals(key).delete();
  const jobs = await d.jobs.where('conversationKey').equals(key).delete();
  const stored = (await d.conversations.get(key)) !== undefined;
  await d.conversations.delete(key);
  await d.outbox.filter((r) => r.kind === 'conversation' && r.key === key).delete();
  if (stored || turns > 0 || jobs > 0) {
    await bumpGeneration(d); // a running job on it never commits
    await noteChanges(d, [{ kind: 'conversation-deleted', key, at }]);
  }
  return { turns, jobs };
}

/**
 * Marks the chat private and removes all Engram kept of it, in one transaction: its turns, its extraction jobs
 * (a running one finds its lease gone), every memory that cites it (from the Trash and Review too, for good: a
 * memory's words may come from it), and its rows in the sync outbox, with a delete for the devices that have
 * it. Returns what went, or null when nothing was kept.
 */
export async function forgetPrivateChat(key: string, site: Site, id: string, now = new Date()) {
  const d = db();
  const at = now.toISOString();
  const tables = [d.privacy, d.conversations, d.turns, d.jobs, d.meta, d.outbox, d.memories];
  const result = await d.transaction('rw', [...tables, d.memoryEvents, d.embeddings], async () => {
    const before = await d.privacy.get(key);
    const { turns, jobs } = await dropConversation(d, key, at);
    const memories = await purgeCiting(d, site, id);
    const removed = turns + jobs + memories.length > 0 ? { turns, jobs, memories: memories.length } : null;
    const kept = before?.state === 'private' ? before.removed : undefined;
    const total = removed && kept ? sum(removed, kept) : (removed ?? kept);
    await d.privacy.put({
      key,
      site,
      state: 'private',
      at: removed ? at : (before?.at ?? at),
      removed: total,
    });
    if (!before) await prune(d);
    return { removed, memories };
  });
  if (result.removed) emitStoreChange({ kind: 'conversationsDeleted', keys: [key] });
  if (result.memories.length > 0) emitStoreChange({ kind: 'memoriesPurged', ids: result.memories });
  return result.removed;
}

const sum = (a: Forgotten, b: Forgotten): Forgotten => ({
  turns: a.turns + b.turns,
  jobs: a.jobs + b.jobs,
  memories: a.memories + b.memories,
});

/** Private chats whose stored data was removed, newest first (Activity). */
export type { Forgotten, PrivacyRow };

export async function listForgotten(limit = 20): Promise<PrivacyRow[]> {
  const rows = await db()
    .privacy.orderBy('at')
    .reverse()
    .filter((r) => !!r.removed)
    .limit(limit)
    .toArray();
  return rows;
}

/**
 * Delete everything, inside its transaction: the confirmations go with the data they stood for and Activity's
 * reports with the rest; the private marks stay (ids only), so a chat the site promised not to remember is not
 * read again because the person emptied Engram.
 */
export async function clearPrivacyReports(d: EngramDB): Promise<void> {
  await d.privacy.where('state').equals('confirmed').delete();
  await d.privacy.toCollection().modify((r) => {
    delete r.removed;
  });
}

/**
 * A capture written only if `allowed` holds the chat's mark as it stands inside the write's own transaction (a "this is
 * private" that committed a moment before wins), marking it confirmed when `confirm`. Null when refused.
 */
export async function saveIfAllowed(
  write: CaptureWrite,
  complete: boolean,
  allowed: ReadonlySet<PrivacyMark | null>,
  confirm: boolean,
): Promise<number | null> {
  const d = db();
  const { key, site } = write.conversation;
  const tables = [d.conversations, d.turns, d.outbox, d.jobs, d.privacy];
  const done = await d.transaction('rw', tables, async () => {
    if (!allowed.has((await d.privacy.get(key))?.state ?? null)) return null;
    if (confirm) await confirmChat(d, key, site, write.conversation.updatedAt);
    return putCapture(write, complete);
  });
  if (done && done.written > 0) emitStoreChange({ kind: 'turns', conversationKeys: [key] });
  return done ? done.changed : null;
}
