// Folds a batch of remote lines (log events or snapshot state) into the writes the store makes in one transaction.
import type { ConvHead, MemoryHead, SnapLine, SyncEvent } from './format';
import {
  applyConv,
  applyMemory,
  convStateOfEvent,
  emptyConvHead,
  emptyMemoryHead,
  memStateOfEvent,
  type ConvWrite,
  type MemoryWrite,
} from './merge';

export interface Apply {
  memories: MemoryWrite[];
  conversations: ConvWrite[];
}

export interface Heads {
  memories: Map<string, MemoryHead>;
  conversations: Map<string, ConvHead>;
}

export type RemoteLine = SyncEvent | SnapLine;

/** Which heads a batch needs from the store. */
export function keysOf(lines: RemoteLine[]): { memoryIds: string[]; convKeys: string[] } {
  const memoryIds = new Set<string>();
  const convKeys = new Set<string>();
  for (const l of lines) {
    if (l.t === 'mem') memoryIds.add(l.ev.memoryId);
    else if (l.t === 'purge') memoryIds.add(l.mid);
    else if (l.t === 'mstate') memoryIds.add(l.head.memoryId);
    else if (l.t === 'conv') convKeys.add(l.conv.key);
    else if (l.t === 'convdel') convKeys.add(l.key);
    else convKeys.add(l.head.key);
  }
  return { memoryIds: [...memoryIds], convKeys: [...convKeys] };
}

/** The latest clock a batch carries: this device's clock moves past it (hybrid logical clock receive). */
export function newestClock(lines: RemoteLine[]): string | null {
  let newest: string | null = null;
  const see = (hlc: string | null) => {
    if (hlc !== null && (newest === null || hlc > newest)) newest = hlc;
  };
  for (const l of lines) {
    if (l.t === 'mstate') {
      see(l.head.purged);
      for (const leaf of l.head.leaves) see(leaf.hlc);
    } else if (l.t === 'cstate') {
      see(l.head.hlc);
      see(l.head.gone);
    } else see(l.hlc);
  }
  return newest;
}

function foldMemory(prev: MemoryWrite | undefined, next: MemoryWrite): MemoryWrite {
  if (!prev) return next;
  return {
    head: next.head,
    memory: next.memory !== undefined ? next.memory : prev.memory,
    purge: prev.purge || next.purge,
    conflict: next.conflict,
    history: next.head.purged === null ? [...prev.history, ...next.history] : [],
  };
}

function foldConv(prev: ConvWrite | undefined, next: ConvWrite): ConvWrite {
  if (!prev) return next;
  const put = new Map(prev.putTurns.map((t) => [t.key, t]));
  const removed = new Set(prev.removeTurns);
  for (const k of next.removeTurns) {
    put.delete(k);
    removed.add(k);
  }
  for (const t of next.putTurns) {
    put.set(t.key, t);
    removed.delete(t.key);
  }
  return {
    head: next.head,
    conv: next.conv !== undefined ? next.conv : prev.conv,
    putTurns: [...put.values()],
    removeTurns: [...removed],
  };
}

/** The writes for a batch, given the stored heads of the records it touches. Pure. */
export function planApply(heads: Heads, lines: RemoteLine[]): Apply {
  const mems = new Map<string, MemoryWrite>();
  const convs = new Map<string, ConvWrite>();
  for (const l of lines) {
    if (l.t === 'mem' || l.t === 'purge' || l.t === 'mstate') {
      const state = l.t === 'mstate' ? l : memStateOfEvent(l);
      const id = state.head.memoryId;
      const prev = mems.get(id);
      const local = prev?.head ?? heads.memories.get(id) ?? emptyMemoryHead(id);
      mems.set(id, foldMemory(prev, applyMemory(local, state)));
    } else {
      const state = l.t === 'cstate' ? l : convStateOfEvent(l);
      const key = state.head.key;
      const prev = convs.get(key);
      const local = prev?.head ?? heads.conversations.get(key) ?? emptyConvHead(key);
      convs.set(key, foldConv(prev, applyConv(local, state)));
    }
  }
  return { memories: [...mems.values()], conversations: [...convs.values()] };
}
