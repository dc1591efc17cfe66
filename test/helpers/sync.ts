// Devices for the sync engine's tests: a MemoryStore (the store model with an outbox) plus engine deps, and
// helpers that commit memories the way the store's paths do (the record and its event together).
import type { Memory, MemoryEvent } from '../../lib/model/records';
import type { Backend } from '../../lib/sync/backend';
import { connect, sync, type EngineDeps } from '../../lib/sync/engine';
import { resetRemote, rotate } from '../../lib/sync/rotate';
import { MemoryStore } from '../../lib/sync/memory-port';
import { memory } from './records';

export const PASSPHRASE = 'correct horse battery staple';
/** What the person sets at Delete everything or Remove a device (#25): never the old one. */
export const NEW_PASSPHRASE = 'tidy lantern orbit velvet canyon';

export class Device {
  readonly store = new MemoryStore();
  readonly deps: EngineDeps;
  /** Added to Date.now(): a device whose clock is off. */
  skewMs = 0;
  private n = 0;

  constructor(
    readonly name: string,
    backend: Backend,
  ) {
    // 2^10: the real factor (2^16, ~1 s per unlock) is measured in crypto.test.ts and bench:sync.
    this.deps = { backend, port: this.store, now: () => Date.now() + this.skewMs, scryptLogN: 10 };
  }

  connect(passphrase = PASSPHRASE) {
    return connect(this.deps, passphrase);
  }

  sync() {
    return sync(this.deps);
  }

  resetRemote(passphrase = NEW_PASSPHRASE) {
    return resetRemote(this.deps, passphrase);
  }

  /** Remove a device, or a new passphrase (#25): a new key; this device sends everything it holds again. */
  rotate(passphrase = NEW_PASSPHRASE) {
    return rotate(this.deps, passphrase);
  }

  private at(): string {
    return new Date(Date.now() + this.skewMs).toISOString();
  }

  private commit(before: Memory | null, after: Memory, op: MemoryEvent['op']): Memory {
    const event: MemoryEvent = {
      ...{ id: `${this.name}-${++this.n}-${crypto.randomUUID()}`, memoryId: after.id, op, before, after },
      ...{ reason: 'test', actor: 'user', jobId: null, promptVersion: null, model: null, at: this.at() },
    };
    this.store.writeMemory(after, event);
    return after;
  }

  add(text: string, over: Partial<Memory> = {}): Memory {
    const at = this.at();
    return this.commit(
      null,
      memory({ id: crypto.randomUUID(), text, createdAt: at, updatedAt: at, ...over }),
      'add',
    );
  }

  edit(id: string, text: string): Memory {
    const before = this.get(id);
    return this.commit(before, { ...before, text, updatedAt: this.at() }, 'update');
  }

  trash(id: string): Memory {
    const before = this.get(id);
    return this.commit(before, { ...before, status: 'deleted', updatedAt: this.at() }, 'delete');
  }

  get(id: string): Memory {
    const m = this.store.memories.get(id);
    if (!m) throw new Error(`${this.name} has no memory ${id}`);
    return m;
  }

  texts(): string[] {
    return [...this.store.memories.values()].map((m) => `${m.text} [${m.status}]`).sort();
  }
}
