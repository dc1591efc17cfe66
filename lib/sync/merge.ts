// The merge, as pure functions of what is known: a join of per-record states that is commutative, associative and
// idempotent, so every device that has seen the same events shows the same thing whatever order they came in and
// however often (set union of events by id). Rules (#15): per memory the latest clock wins and the loser stays in
// history; two versions made from the same one are a conflict for Review; a delete in a conflict never wins silently
// (the memory goes to Review, LiveSync #151); "Delete forever" is final.
import type { Conversation, Memory, MemoryEvent, Turn } from '../model/records';
import { compareHlc, maxHlc } from './hlc';
import type { ConvHead, ConvState, Leaf, MemEvent, MemState, MemoryHead, SyncEvent } from './format';

export function emptyMemoryHead(memoryId: string): MemoryHead {
  return { memoryId, leaves: [], referenced: [], purged: null };
}

export function emptyConvHead(key: string): ConvHead {
  return { key, hlc: null, gone: null, turns: {} };
}

function maxNullable(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  return b === null ? a : maxHlc(a, b);
}

/** Two leaves with one id are one event: keep one of them the same way everywhere. */
function sameLeaf(a: Leaf, b: Leaf): Leaf {
  return compareHlc(a.hlc, b.hlc) >= 0 ? a : b;
}

export function joinMemoryHeads(a: MemoryHead, b: MemoryHead): MemoryHead {
  const purged = maxNullable(a.purged, b.purged);
  if (purged !== null) return { memoryId: a.memoryId, leaves: [], referenced: [], purged };
  const referenced = [...new Set([...a.referenced, ...b.referenced])].sort();
  const gone = new Set(referenced);
  const byId = new Map<string, Leaf>();
  for (const leaf of [...a.leaves, ...b.leaves]) {
    if (gone.has(leaf.id)) continue;
    const seen = byId.get(leaf.id);
    byId.set(leaf.id, seen ? sameLeaf(seen, leaf) : leaf);
  }
  const leaves = [...byId.values()].sort((x, y) => compareHlc(x.hlc, y.hlc));
  return { memoryId: a.memoryId, leaves, referenced, purged: null };
}

export function headOfEvent(e: MemEvent): MemoryHead {
  return {
    memoryId: e.ev.memoryId,
    leaves: [{ id: e.id, hlc: e.hlc, memory: e.ev.after }],
    referenced: e.bases,
    purged: null,
  };
}

/** A version that removes the memory: a delete, or nothing left (purged). */
export const isDeleted = (m: Memory | null) => m === null || m.status === 'deleted';

export interface Resolved {
  /** The version to show; null when purged or nothing is known. */
  memory: Memory | null;
  conflict: boolean;
}

/** The leaf a conflicted memory shows (Review lists the others beside it): the newest, or the newest kept one. */
export function shownLeaf(head: MemoryHead): Leaf | undefined {
  const newestFirst = [...head.leaves].sort((x, y) => compareHlc(y.hlc, x.hlc));
  const kept = newestFirst.find((l) => !isDeleted(l.memory));
  if (kept && newestFirst.some((l) => isDeleted(l.memory))) return kept;
  return newestFirst[0];
}

/** What a memory is, given its leaves. A function of the head alone, so it is the same on every device. */
export function resolveMemory(head: MemoryHead): Resolved {
  const shown = shownLeaf(head);
  if (head.purged !== null || !shown) return { memory: null, conflict: false };
  if (head.leaves.length === 1) return { memory: shown.memory, conflict: false };
  // Deleted on one device, edited on another: neither silently back nor silently gone; the person decides.
  if (shown.memory && !isDeleted(shown.memory) && head.leaves.some((l) => isDeleted(l.memory))) {
    return { memory: { ...shown.memory, status: 'pending' }, conflict: true };
  }
  return { memory: shown.memory, conflict: true };
}

export interface ConvWrite {
  head: ConvHead;
  /** The record to store; null removes it; undefined leaves it as it is. */
  conv: Conversation | null | undefined;
  putTurns: Turn[];
  removeTurns: string[];
}

/** Conversations: the latest record and turn by clock; a delete removes everything older than it, for good. */
export function applyConv(local: ConvHead, inc: ConvState): ConvWrite {
  const gone = maxNullable(local.gone, inc.head.gone);
  const alive = (hlc: string | null | undefined): hlc is string =>
    typeof hlc === 'string' && (gone === null || compareHlc(hlc, gone) > 0);
  const wins = inc.head.hlc !== null && compareHlc(inc.head.hlc, local.hlc ?? '') > 0;
  const hlc = wins ? inc.head.hlc : local.hlc;
  const head: ConvHead = { key: local.key, hlc: alive(hlc) ? hlc : null, gone, turns: { ...local.turns } };
  let conv: Conversation | null | undefined;
  if (head.hlc === null) conv = local.hlc !== null ? null : undefined;
  else if (wins) conv = inc.conv;
  const putTurns = new Map<string, Turn>();
  for (const t of inc.turns) {
    const theirs = inc.head.turns[t.key];
    const mine = head.turns[t.key];
    if (!alive(theirs) || (mine !== undefined && compareHlc(theirs, mine) <= 0)) continue;
    putTurns.set(t.key, t);
    head.turns[t.key] = theirs;
  }
  const removeTurns = Object.keys(head.turns).filter((k) => !alive(head.turns[k]));
  for (const k of removeTurns) putTurns.delete(k);
  head.turns = Object.fromEntries(Object.entries(head.turns).filter(([, hlc]) => alive(hlc)));
  return { head, conv, putTurns: [...putTurns.values()], removeTurns };
}

export interface MemoryWrite {
  head: MemoryHead;
  /** The version to store; null removes it (purged); undefined leaves the stored one. */
  memory: Memory | null | undefined;
  purge: boolean;
  conflict: boolean;
  history: MemoryEvent[];
}

const leafIds = (h: MemoryHead) => h.leaves.map((l) => l.id).join(' ');

export function applyMemory(local: MemoryHead, inc: MemState): MemoryWrite {
  const head = joinMemoryHeads(local, inc.head);
  const purge = head.purged !== null && local.purged === null;
  const resolved = resolveMemory(head);
  const changed = purge || leafIds(head) !== leafIds(local);
  return {
    head,
    memory: changed ? resolved.memory : undefined,
    purge,
    conflict: resolved.conflict,
    history: head.purged === null ? inc.history : [],
  };
}

export function convStateOfEvent(e: Extract<SyncEvent, { t: 'conv' | 'convdel' }>): ConvState {
  if (e.t === 'convdel')
    return { t: 'cstate', head: { ...emptyConvHead(e.key), gone: e.hlc }, conv: null, turns: [] };
  const head: ConvHead = {
    key: e.conv.key,
    hlc: e.hlc,
    gone: null,
    turns: Object.fromEntries(e.turns.map((t) => [t.key, e.hlc])),
  };
  return { t: 'cstate', head, conv: e.conv, turns: e.turns };
}

export function memStateOfEvent(e: Extract<SyncEvent, { t: 'mem' | 'purge' }>): MemState {
  if (e.t === 'purge')
    return { t: 'mstate', head: { ...emptyMemoryHead(e.mid), purged: e.hlc }, history: [] };
  return { t: 'mstate', head: headOfEvent(e), history: [e.ev] };
}
