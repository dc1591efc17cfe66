// Local changes become events: each gets a clock from this device and, for memories, the versions it was made from
// (the leaves this device knew), which is what lets the merge tell an edit from a conflicting edit. Pure.
import type { Apply, Heads } from './apply';
import type { SyncEvent } from './format';
import { encodeHlc, tick, type Clock } from './hlc';
import {
  applyConv,
  convStateOfEvent,
  emptyConvHead,
  emptyMemoryHead,
  joinMemoryHeads,
  memStateOfEvent,
  resolveMemory,
} from './merge';
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

function eventOf(c: LocalChange, common: { id: string; hlc: string; dev: string }, heads: Heads): SyncEvent {
  if (c.kind === 'memory') {
    const head = heads.memories.get(c.event.memoryId);
    const bases = head?.leaves.map((l) => l.id) ?? [];
    return { t: 'mem', ...common, id: c.event.id, bases, ev: c.event };
  }
  if (c.kind === 'purge') return { t: 'purge', ...common, mid: c.memoryId };
  if (c.kind === 'conversation') return { t: 'conv', ...common, conv: c.conversation, turns: c.turns };
  return { t: 'convdel', ...common, key: c.key };
}

export function makeOutbox(
  changes: LocalChange[],
  heads: Heads,
  device: string,
  start: Clock,
  now: number,
): Outbox {
  let clock = start;
  const events: SyncEvent[] = [];
  for (const c of changes) {
    clock = tick(clock, now);
    const e = eventOf(c, { id: crypto.randomUUID(), hlc: encodeHlc(clock, device), dev: device }, heads);
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
