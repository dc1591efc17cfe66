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
