// Local changes become events: each gets a clock from this device and, for memories, the versions it was made from
// (the leaves this device knew), which is what lets the merge tell an edit from a conflicting edit. Pure.
import type { Apply, Heads } from './apply';
import type { SyncEvent } from './format';
import { decodeHlc, encodeHlc, maxHlc, tick, type Clock } from './hlc';
import {
  applyConv,
  convStateOfEvent,
  emptyConvHead,
  emptyMemoryHead,
  joinMemoryHeads,
  memStateOfEvent,
  resolveMemory,
} from './merge';
import type { MemoryEvent } from '../model/records';
import type { LocalChange } from './port';

export interface Outbox {
  events: SyncEvent[];
  /** Heads only: the store already holds these records. */
  apply: Apply;
  clock: Clock;
}

export function changeKeys(changes: LocalChange[]): { memoryIds: string[]; convKeys: string[] } {
  const memoryIds = new Set<string>();
  const convKeys = new Set<string>();
  for (const c of changes) {
    if (c.kind === 'memory') memoryIds.add(c.event.memoryId);
    else if (c.kind === 'purge') memoryIds.add(c.memoryId);
    else convKeys.add(c.kind === 'conversation' ? c.conversation.key : c.key);
  }
  return { memoryIds: [...memoryIds], convKeys: [...convKeys] };
}

/**
 * The versions a memory event was made from. A new event: the leaves this device knew. An event the head already
 * holds is being sent again (a reconnect, or a new key after Remove a device, replays everything): it named itself
 * as its own base, so every device dropped it as a leaf and the store deleted the memory (#25, found by the
 * removal tests). Sent again it names the head's non-leaf versions instead, which keeps a superseded version
 * superseded on a new device and never hides a current one (leaves are never in `referenced`).
 */
function basesOf(event: MemoryEvent, heads: Heads): string[] {
  const head = heads.memories.get(event.memoryId);
  if (!head) return [];
  const known = head.referenced.includes(event.id) || head.leaves.some((l) => l.id === event.id);
  if (known) return head.referenced.filter((id) => id !== event.id);
  return head.leaves.map((l) => l.id);
}

function eventOf(c: LocalChange, common: { id: string; hlc: string; dev: string }, heads: Heads): SyncEvent {
  if (c.kind === 'memory')
    return { t: 'mem', ...common, id: c.event.id, bases: basesOf(c.event, heads), ev: c.event };
  if (c.kind === 'purge') return { t: 'purge', ...common, mid: c.memoryId };
  if (c.kind === 'conversation') return { t: 'conv', ...common, conv: c.conversation, turns: c.turns };
  return { t: 'convdel', ...common, key: c.key };
}

/** When the change was made (memory event time, conversation time, a delete's own time); null when unknown. */
function recordTime(c: LocalChange, now: number): number | null {
  const iso = c.kind === 'memory' ? c.event.at : c.kind === 'conversation' ? c.conversation.updatedAt : c.at;
  const ms = iso === undefined ? NaN : Date.parse(iso);
  return Number.isFinite(ms) ? Math.min(ms, now) : null;
}

const isDelete = (c: LocalChange) => c.kind === 'purge' || c.kind === 'conversation-deleted';

/** The newest clock in what this device holds of the record a delete removes (its own earlier events included). */
function seenOf(c: LocalChange, heads: Heads): string | null {
  const clocks: (string | null)[] = [];
  if (c.kind === 'purge') {
    const h = heads.memories.get(c.memoryId);
    clocks.push(...(h?.leaves.map((l) => l.hlc) ?? []), h?.purged ?? null);
  } else if (c.kind === 'conversation-deleted') {
    const h = heads.conversations.get(c.key);
    clocks.push(h?.hlc ?? null, h?.gone ?? null, ...Object.values(h?.turns ?? {}));
  }
  const known = clocks.filter((x): x is string => x !== null);
  return known.length === 0 ? null : known.reduce(maxHlc);
}

/**
 * A delete is stamped when it was made, not when it is pushed: one made offline or while disconnected and pushed
 * an hour later must not remove what another device wrote in that hour (#15). It still sorts after every version of
 * the record this device held, so it removes what the person saw even when this device's clock is behind.
 */
function deleteStamp(at: number, seen: string | null, count: number): Clock {
  if (seen === null) return { wall: at, count };
  const s = decodeHlc(seen);
  return at > s.wall ? { wall: at, count } : { wall: s.wall, count: s.count + 1 };
}

function stampOf(c: LocalChange, heads: Heads, clock: Clock, now: number, i: number, replay: boolean) {
  const was = replay || isDelete(c) ? recordTime(c, now) : null;
  if (was === null) return tick(clock, now);
  return isDelete(c) ? deleteStamp(was, seenOf(c, heads), i) : { wall: was, count: i };
}

/**
 * `replay`: these changes are everything the device holds, sent again after a (re)connect. They are stamped with
 * the time each record last changed, not now: a device that comes back after a week must not make its week-old
 * copy of a conversation win over a newer capture another device made meanwhile (#15). The counter keeps the
 * stamps of one batch distinct and in order.
 */
export function makeOutbox(
  changes: LocalChange[],
  heads: Heads,
  device: string,
  start: Clock,
  now: number,
  replay = false,
): Outbox {
  let clock = start;
  const events: SyncEvent[] = [];
  for (const [i, c] of changes.entries()) {
    const stamp = stampOf(c, heads, clock, now, i, replay);
    if (stamp.wall > clock.wall || (stamp.wall === clock.wall && stamp.count > clock.count)) clock = stamp;
    const e = eventOf(c, { id: crypto.randomUUID(), hlc: encodeHlc(stamp, device), dev: device }, heads);
    events.push(e);
    if (e.t === 'mem' || e.t === 'purge') {
      const id = e.t === 'mem' ? e.ev.memoryId : e.mid;
      heads.memories.set(
        id,
        joinMemoryHeads(heads.memories.get(id) ?? emptyMemoryHead(id), memStateOfEvent(e).head),
      );
    } else {
      const key = e.t === 'conv' ? e.conv.key : e.key;
      heads.conversations.set(
        key,
        applyConv(heads.conversations.get(key) ?? emptyConvHead(key), convStateOfEvent(e)).head,
      );
    }
  }
  return { events, apply: headsOnly(heads), clock };
}

function headsOnly(heads: Heads): Apply {
  return {
    memories: [...heads.memories.values()].map((head) => ({
      head,
      memory: undefined,
      purge: false,
      conflict: resolveMemory(head).conflict,
      history: [],
    })),
    conversations: [...heads.conversations.values()].map((head) => ({
      head,
      conv: undefined,
      putTurns: [],
      removeTurns: [],
    })),
  };
}
