// Two devices in one test process over the real Dexie store (#15): each has its own IndexedDB database, and
// `run` points the store at it for the duration of a step. The engine talks to the store only through the port.
import type { Memory, MemoryEvent } from '../../lib/model/records';
import { switchDb } from '../../lib/store/db';
import { switchSecrets } from '../../lib/store/secrets';
import { writeMemory } from '../../lib/store/memories';
import { reseedOutbox, storeSyncPort } from '../../lib/store/sync-port';
import type { Backend } from '../../lib/sync/backend';
import { connect, sync, type EngineDeps } from '../../lib/sync/engine';
import { resetRemote } from '../../lib/sync/rotate';
import { memory } from './records';
import { NEW_PASSPHRASE, PASSPHRASE } from './sync';

export class StoreDevice {
  readonly deps: EngineDeps;
  private n = 0;

  constructor(
    readonly name: string,
    backend: Backend,
  ) {
    this.deps = { backend, port: storeSyncPort(), scryptLogN: 10 };
  }

  /** Runs one step as this device: the store's shared handle opens this device's database. */
  async run<T>(step: () => Promise<T>): Promise<T> {
    switchDb(`engram-device-${this.name}`);
    switchSecrets(`engram-secrets-device-${this.name}`);
    return step();
  }

  connect(passphrase = PASSPHRASE) {
    return this.run(async () => {
      await reseedOutbox();
      return connect(this.deps, passphrase);
    });
  }

  sync() {
    return this.run(() => sync(this.deps));
  }

  resetRemote() {
    return this.run(() => resetRemote(this.deps, NEW_PASSPHRASE));
  }

  /** A memory change as the person's edits commit it (lib/store/memories.ts: the record and its event). */
  commit(before: Memory | null, after: Memory, op: MemoryEvent['op']): Promise<Memory> {
    const event: MemoryEvent = {
      ...{ id: `${this.name}-${++this.n}-${crypto.randomUUID()}`, memoryId: after.id, op, before, after },
      ...{ reason: 'test', actor: 'user', jobId: null, promptVersion: null, model: null },
      at: new Date().toISOString(),
    };
    return this.run(async () => (await writeMemory(after, event), after));
  }

  add(text: string): Promise<Memory> {
    const at = new Date().toISOString();
    return this.commit(null, memory({ id: crypto.randomUUID(), text, createdAt: at, updatedAt: at }), 'add');
  }

  edit(m: Memory, text: string): Promise<Memory> {
    return this.commit(m, { ...m, text, updatedAt: new Date().toISOString() }, 'update');
  }

  trash(m: Memory): Promise<Memory> {
    return this.commit(m, { ...m, status: 'deleted', updatedAt: new Date().toISOString() }, 'delete');
  }
}
