// Records stored before imports were checked (#12) may hold what the store's schemas refuse: a date like
// "yesterday-ish" (after which Export all data threw), a `javascript:` link, a turn at order -1 (stored, never
// shown, dropped on export). Schema v3 repairs them once, in place, without losing the record.
import type { Transaction } from 'dexie';
import { z } from 'zod/mini';
import { isSiteUrl, type Conversation, type Memory, type MemoryEvent, type Turn } from '../model/records';
import { siteInfo } from '../sites/registry';

const Iso = z.iso.datetime({ offset: true });
const valid = (value: unknown): value is string => typeof value === 'string' && Iso.safeParse(value).success;
const validOrNull = (value: string | null) => (value === null || valid(value) ? value : null);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function repairConversation(c: Conversation, now: string): Conversation | null {
  const fixed: Conversation = {
    ...c,
    url: isSiteUrl(c.site, c.url) ? c.url : siteInfo(c.site).conversationUrl(c.id),
    createdAt: validOrNull(c.createdAt),
    updatedAt: valid(c.updatedAt) ? c.updatedAt : valid(c.health.checkedAt) ? c.health.checkedAt : now,
  };
  return same(fixed, c) ? null : fixed;
}

export function repairTurn(t: Turn, now: string): Turn | null {
  const fixed: Turn = {
    ...t,
    createdAt: validOrNull(t.createdAt),
    capturedAt: valid(t.capturedAt) ? t.capturedAt : now,
  };
  return same(fixed, t) ? null : fixed;
}

export function repairMemory(m: Memory, now: string): Memory | null {
  // A broken date takes the memory's own nearest good one, so its place in time barely moves.
  const fallback = [m.updatedAt, m.createdAt, m.mentionedAt].find(valid) ?? now;
  const date = (value: string) => (valid(value) ? value : fallback);
  const fixed: Memory = {
    ...m,
    mentionedAt: date(m.mentionedAt),
    createdAt: date(m.createdAt),
    updatedAt: date(m.updatedAt),
    occurredStart: validOrNull(m.occurredStart),
    occurredEnd: validOrNull(m.occurredEnd),
    sources: m.sources.map((s) =>
      s.url === null || (s.site !== null && isSiteUrl(s.site, s.url)) ? s : { ...s, url: null },
    ),
  };
  return same(fixed, m) ? null : fixed;
}

export function repairEvent(e: MemoryEvent, now: string): MemoryEvent | null {
  const copy = (m: Memory | null) => (m ? (repairMemory(m, now) ?? m) : null);
  const fixed: MemoryEvent = {
    ...e,
    before: copy(e.before),
    after: copy(e.after),
    at: valid(e.at) ? e.at : now,
  };
  return same(fixed, e) ? null : fixed;
}

/** Turns at no valid place go after their conversation's last good one, in the order they were stored. */
export function reorder(turns: Turn[]): Turn[] {
  const good = (t: Turn) => Number.isInteger(t.order) && t.order >= 0;
  const next = new Map<string, number>();
  for (const t of turns.filter(good))
    next.set(t.conversationKey, Math.max(next.get(t.conversationKey) ?? 0, t.order + 1));
  return turns
    .filter((t) => !good(t))
    .sort((a, b) => a.order - b.order || a.capturedAt.localeCompare(b.capturedAt))
    .map((t) => {
      const order = next.get(t.conversationKey) ?? 0;
      next.set(t.conversationKey, order + 1);
      return { ...t, order };
    });
}

type Repair<T> = (row: T, now: string) => T | null;

/** Schema v3's upgrade: every table's records that the store's schemas refuse, repaired in place. */
export async function repairStoredRecords(tx: Transaction): Promise<void> {
  const now = new Date().toISOString();
  const fix = <T>(table: string, repair: Repair<T>) =>
    tx
      .table(table)
      .toCollection()
      .modify((row: T, ref: { value: T }) => {
        const fixed = repair(row, now);
        if (fixed) ref.value = fixed;
      });
  await fix('conversations', repairConversation);
  await fix('turns', repairTurn);
  await fix('memories', repairMemory);
  await fix('memoryEvents', repairEvent);
  const turns = tx.table<Turn, string>('turns');
  const bad = await turns.filter((t) => !Number.isInteger(t.order) || t.order < 0).toArray();
  if (bad.length === 0) return;
  const keys = [...new Set(bad.map((t) => t.conversationKey))];
  await turns.bulkPut(reorder(await turns.where('conversationKey').anyOf(keys).toArray()));
}
