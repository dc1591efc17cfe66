// The store model the engine is tested and benchmarked against: the SyncPort over plain maps, with the same
// records, events and rules as lib/store, and an outbox that its commit methods append to (what phase 2 adds to
// the Dexie commit paths). Deliberately simple: each method is one "transaction".
import type { Conversation, Memory, MemoryEvent, Turn } from '../model/records';
import type { Apply, Heads } from './apply';
import type { ConvHead, MemoryHead, SnapLine } from './format';
import type { ConvWrite, MemoryWrite } from './merge';
import {
  LocalMoved,
  type Held,
  type HeldWrite,
  type LocalChange,
  type SyncPort,
  type SyncState,
} from './port';

const clone = <T>(v: T): T => structuredClone(v);

export class MemoryStore implements SyncPort {
  memories = new Map<string, Memory>();
  events = new Map<string, MemoryEvent>();
  conversations = new Map<string, Conversation>();
  turns = new Map<string, Turn>();
  memHeads = new Map<string, MemoryHead>();
  convHeads = new Map<string, ConvHead>();
  /** Memory ids with a conflict waiting in Review. */
  conflicts = new Set<string>();
  outbox: LocalChange[] = [];
  /** Lines held for a newer reader (#38), by key. */
  held = new Map<string, Held>();
  state: SyncState | null = null;
  /** Test seam: runs inside applyRemote before it writes (a "worker stop" at a chosen point). */
  beforeApply: (() => void) | null = null;

  // The local commit paths (modelled): the record, its event, and an outbox row, together.
  writeMemory(memory: Memory, event: MemoryEvent): void {
    this.memories.set(memory.id, clone(memory));
    this.events.set(event.id, clone(event));
    this.outbox.push({ kind: 'memory', event: clone(event) });
  }

  purgeMemory(id: string): void {
    this.memories.delete(id);
    for (const [k, e] of this.events) if (e.memoryId === id) this.events.delete(k);
    this.outbox.push({ kind: 'purge', memoryId: id, at: new Date().toISOString() });
  }

  saveCapture(conversation: Conversation, turns: Turn[]): void {
    this.conversations.set(conversation.key, clone(conversation));
    for (const t of turns) this.turns.set(t.key, clone(t));
    this.outbox.push({ kind: 'conversation', conversation: clone(conversation), turns: clone(turns) });
  }

  deleteConversation(key: string): void {
    this.conversations.delete(key);
    for (const [k, t] of this.turns) if (t.conversationKey === key) this.turns.delete(k);
    this.outbox.push({ kind: 'conversation-deleted', key, at: new Date().toISOString() });
  }

  // SyncPort
  async loadState() {
    return this.state ? clone(this.state) : null;
  }

  async saveState(state: SyncState) {
    this.state = clone(state);
  }

  async localChanges(after: string | null, limit: number) {
    const from = after === null ? 0 : Number(after);
    const changes = clone(this.outbox.slice(from, from + limit));
    return { changes, cursor: String(from + changes.length) };
  }

  async heads(memoryIds: string[], convKeys: string[]): Promise<Heads> {
    const memories = new Map<string, MemoryHead>();
    for (const id of memoryIds) {
      const h = this.memHeads.get(id);
      if (h) memories.set(id, clone(h));
    }
    const conversations = new Map<string, ConvHead>();
    for (const k of convKeys) {
      const h = this.convHeads.get(k);
      if (h) conversations.set(k, clone(h));
    }
    return { memories, conversations };
  }

  private checkLocalMoved(apply: Apply, state: SyncState) {
    const later = this.outbox.slice(state.localCursor === null ? 0 : Number(state.localCursor));
    const mems = new Set(apply.memories.filter(writesMemory).map((m) => m.head.memoryId));
    const convs = new Set(apply.conversations.filter(writesConv).map((c) => c.head.key));
    for (const c of later) {
      if (c.kind === 'memory' && mems.has(c.event.memoryId)) throw new LocalMoved();
      if (c.kind === 'purge' && mems.has(c.memoryId)) throw new LocalMoved();
      if (c.kind === 'conversation' && convs.has(c.conversation.key)) throw new LocalMoved();
      if (c.kind === 'conversation-deleted' && convs.has(c.key)) throw new LocalMoved();
    }
  }

  async applyRemote(apply: Apply, state: SyncState, held?: HeldWrite) {
    this.beforeApply?.();
    this.checkLocalMoved(apply, state);
    for (const w of clone(apply.memories)) this.writeMemoryHead(w);
    for (const w of clone(apply.conversations)) this.writeConv(w);
    for (const key of held?.drop ?? []) this.held.delete(key);
    for (const h of held?.put ?? []) this.held.set(h.key, clone(h));
    this.state = clone(state);
  }

  async heldLines() {
    return clone([...this.held.values()]);
  }

  private writeMemoryHead(w: MemoryWrite) {
    const id = w.head.memoryId;
    this.memHeads.set(id, w.head);
    if (w.purge) {
      this.memories.delete(id);
      for (const [k, e] of this.events) if (e.memoryId === id) this.events.delete(k);
    }
    if (w.memory) this.memories.set(id, w.memory);
    for (const e of w.history) this.events.set(e.id, e);
    if (w.conflict) this.conflicts.add(id);
    else this.conflicts.delete(id);
  }

  private writeConv(w: ConvWrite) {
    this.convHeads.set(w.head.key, w.head);
    if (w.conv === null) this.conversations.delete(w.head.key);
    else if (w.conv) this.conversations.set(w.head.key, w.conv);
    for (const k of w.removeTurns) this.turns.delete(k);
    for (const t of w.putTurns) this.turns.set(t.key, t);
  }

  async *exportState(chunk: number): AsyncIterable<SnapLine[]> {
    const history = groupBy([...this.events.values()], (e) => e.memoryId);
    const turns = groupBy([...this.turns.values()], (t) => t.conversationKey);
    const lines: SnapLine[] = [];
    for (const head of this.memHeads.values())
      lines.push({ t: 'mstate', head, history: history.get(head.memoryId) ?? [] });
    for (const head of this.convHeads.values()) {
      const conv = this.conversations.get(head.key) ?? null;
      lines.push({ t: 'cstate', head, conv, turns: turns.get(head.key) ?? [] });
    }
    for (let i = 0; i < lines.length; i += chunk) yield clone(lines.slice(i, i + chunk));
  }

  async wipe(state: SyncState) {
    for (const m of [
      this.memories,
      this.events,
      this.conversations,
      this.turns,
      this.memHeads,
      this.convHeads,
    ])
      m.clear();
    this.conflicts.clear();
    this.held.clear();
    this.state = clone({ ...state, localCursor: String(this.outbox.length) });
  }
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(r);
    else out.set(key(r), [r]);
  }
  return out;
}

const writesMemory = (w: MemoryWrite) => w.memory !== undefined || w.purge || w.history.length > 0;
const writesConv = (w: ConvWrite) =>
  w.conv !== undefined || w.putTurns.length > 0 || w.removeTurns.length > 0;
