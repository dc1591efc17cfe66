// A Backend over a Map, for unit tests of the store's sync port (#15): the engine's own tests run against real
// WebDAV and S3 servers (test/e2e/sync); here only the store is under test.
import type { Backend, RemoteFile } from '../../lib/sync/backend';

export class MapBackend implements Backend {
  readonly files = new Map<string, Uint8Array>();

  async list(folder: string): Promise<RemoteFile[]> {
    const prefix = `${folder}/`;
    return [...this.files]
      .filter(([p]) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/'))
      .map(([path, bytes]) => ({ path, size: bytes.length }));
  }

  async get(path: string): Promise<Uint8Array | null> {
    return this.files.get(path) ?? null;
  }

  async put(path: string, bytes: Uint8Array): Promise<void> {
    this.files.set(path, bytes.slice());
  }

  async delete(path: string): Promise<void> {
    for (const p of [...this.files.keys()])
      if (p === path || (path.endsWith('/') && p.startsWith(path))) this.files.delete(p);
  }
}

/**
 * A MapBackend whose listings count (each sync run lists the remote folders), that can fail like an unreachable
 * server, and that can hold its listings until released: a run then stays running meanwhile.
 */
export class ListingBackend extends MapBackend {
  lists = 0;
  failing = false;
  hold: Promise<void> | null = null;
  override async list(folder: string): Promise<RemoteFile[]> {
    this.lists++;
    if (this.failing) throw new Error('connect ECONNREFUSED 192.0.2.1:443');
    await this.hold;
    return super.list(folder);
  }
}
