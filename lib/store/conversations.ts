import type { Conversation, Turn } from '../model/records';
import { emitStoreChange } from './changes';
import { db, type EngramDB } from './db';
import { moveJobPlaces } from './job-places';
import { noteChanges } from './sync-rows';
import { placeWindow } from './window';
import { projectOf } from '../sites/projects';

export interface CaptureWrite {
  conversation: Conversation;
  turns: Turn[];
}

/** Stored turns no longer on a complete visible branch: replaced by an edit or regenerate, so marked, kept. */
function superseded(stored: Turn[], incoming: Turn[]): Turn[] {
  const visible = new Set(incoming.map((t) => t.key));
  return stored.filter((t) => !visible.has(t.key) && !t.superseded).map((t) => ({ ...t, superseded: true }));
}

const isOlder = (a: string, b: string): boolean => Date.parse(a) < Date.parse(b);

async function storedTurns(d: EngramDB, key: string): Promise<Turn[]> {
  return d.turns.where('conversationKey').equals(key).toArray();
}

/**
 * saveCapture's work, inside the caller's transaction (conversations, turns, outbox); returns the turns written.
 * A capture that wrote turns is a change to sync (#15); a re-read that only refreshed health is not.
 */
export async function putCapture(write: CaptureWrite, wholeBranch: boolean) {
  const d = db();
  const [existing, stored, before] = await Promise.all([
    d.turns.bulkGet(write.turns.map((t) => t.key)),
    storedTurns(d, write.conversation.key),
    d.conversations.get(write.conversation.key),
  ]);
  // A read begun before the one already stored (two reads overlap: the JSON and the page, two tabs) tells
  // nothing newer: it may add a turn never seen, but neither supersedes nor revives one, and the health stays.
  const late = !!before && isOlder(write.conversation.health.checkedAt, before.health.checkedAt);
  const complete = wholeBranch && !late;
  const conversation = late && before ? { ...write.conversation, health: before.health } : write.conversation;
  const { turns } = write;
  // A partial read goes among the stored turns (./window.ts); the turns and jobs it moves are written with it.
  const place = complete ? null : placeWindow(turns, existing, stored);
  const placed = place ? turns.map((t, i) => ({ ...t, order: place.orders[i] ?? t.order })) : turns;
  const moved: Turn[] = [...(place?.moved ?? [])];
  const changed = placed.flatMap((t, i) => {
    const old = existing[i];
    // A partial read only adds what it sees: a turn we know keeps its text (the JSON's markdown and links are
    // not replaced by page text), is only brought back when a switch of branch had hidden it (#14), and moves
    // only to make room for turns placed before it.
    if (old && !complete) {
      if (old.superseded) return late ? [] : [{ ...old, order: t.order, superseded: false }];
      if (old.order !== t.order) moved.push({ ...old, order: t.order });
      return [];
    }
    if (old && old.text === t.text && old.order === t.order && !old.superseded) return [];
    // Keep the first capture time of turns we already had.
    return [old ? { ...t, capturedAt: old.capturedAt } : t];
  });
  const rows = [...changed, ...moved, ...(complete ? superseded(stored, turns) : [])];
  await d.turns.bulkPut(rows);
  if (place && moved.length > 0) await moveJobPlaces(d, conversation.key, place, new Date());
  // A re-read that changed nothing keeps the conversation's time; only its health is refreshed.
  const updatedAt = rows.length === 0 && before ? before.updatedAt : conversation.updatedAt;
  await d.conversations.put({
    ...conversation,
    updatedAt,
    createdAt: conversation.createdAt ?? before?.createdAt ?? null,
    scope: conversation.scope ?? before?.scope ?? null,
  });
  if (rows.length > 0) {
    const change = { kind: 'conversation' as const, key: conversation.key, turns: rows.map((t) => t.key) };
    await noteChanges(d, [change]);
  }
  return { changed: changed.length, written: rows.length };
}

/**
 * Upserts a conversation and its visible turns. Idempotent: turns are keyed by site message id (or a stable
 * hash), so re-capturing adds nothing. With `complete`, turns missing from the branch are marked superseded;
 * without it (a partly mounted page), unseen turns are left alone and known turns unchanged (#14).
 * Returns how many turns were new or changed.
 */
export async function saveCapture(write: CaptureWrite, complete = true): Promise<number> {
  const d = db();
  const tables = [d.conversations, d.turns, d.outbox, d.jobs];
  const { changed, written } = await d.transaction('rw', tables, () => putCapture(write, complete));
  if (written > 0) emitStoreChange({ kind: 'turns', conversationKeys: [write.conversation.key] });
  return changed;
}

export async function getConversation(key: string): Promise<Conversation | undefined> {
  return db().conversations.get(key);
}

/** Project scopes seen in captured chats, with the project's name where the URL gives one (lib/sites/projects). */
export async function projectScopes(): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const c of await db().conversations.toArray()) {
    if (!c.scope?.startsWith('project:')) continue;
    const name = projectOf(c.site, new URL(c.url))?.name ?? null;
    if (!out.get(c.scope)) out.set(c.scope, name);
  }
  return out;
}

/** A conversation's turns in page order, superseded ones included (each says so). */
export async function turnsOf(conversationKey: string): Promise<Turn[]> {
  return db()
    .turns.where('[conversationKey+order]')
    .between([conversationKey, 0], [conversationKey, Infinity])
    .toArray();
}

/** A stored conversation's health, refreshed when its tab reports a problem; nothing else changes (#3). */
export async function updateHealth(key: string, health: Conversation['health']): Promise<boolean> {
  return (await db().conversations.update(key, { health })) === 1;
}
