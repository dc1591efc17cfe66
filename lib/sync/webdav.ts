// WebDAV through the `webdav` package's web build (fetch only, no Node built-ins: it runs in an MV3 service worker;
// 55 kB gzipped, measured #15). Listing is one PROPFIND Depth: 1 per folder, which every server answers.
import { createClient, type FileStat, type WebDAVClient } from 'webdav/web';
import { BackendError, type Backend, type RemoteFile } from './backend';

export interface WebDavConfig {
  /** The person's folder, e.g. https://nas.example/dav/engram; its parent must exist. */
  url: string;
  username?: string;
  password?: string;
}

function statusOf(e: unknown): number | null {
  const s = (e as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : null;
}

function fail(op: string, path: string, e: unknown): never {
  throw new BackendError(op, path, statusOf(e), e instanceof Error ? e.message : String(e));
}

/**
 * Every WebDAV call Engram makes is idempotent, so a network error (no HTTP status) is retried once: a server
 * closes an idle kept-alive connection while the worker is busy (scrypt blocks ~1 s), and the next request on that
 * socket fails before it reached the server (measured: "fetch failed" in bench:sync after unlock, #15).
 */
async function once<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (statusOf(e) !== null) throw e;
    return call();
  }
}

const rel = (filename: string) => filename.replace(/^\/+/, '');

export class WebDavBackend implements Backend {
  private readonly client: WebDAVClient;
  constructor(config: WebDavConfig) {
    const auth = config.username ? { username: config.username, password: config.password ?? '' } : {};
    this.client = createClient(config.url, auth);
  }

  async list(folder: string): Promise<RemoteFile[]> {
    try {
      const items = (await once(() => this.client.getDirectoryContents(`/${folder}`))) as FileStat[];
      // The etag lets a device see that the key file is unchanged without fetching it (lib/sync/epoch.ts, #25).
      return items
        .filter((i) => i.type === 'file')
        .map((i) => ({ path: rel(i.filename), size: i.size, tag: i.etag ?? null }));
    } catch (e) {
      if (statusOf(e) === 404) return [];
      return fail('list', folder, e);
    }
  }

  async get(path: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(
        (await once(() => this.client.getFileContents(path, { format: 'binary' }))) as ArrayBuffer,
      );
    } catch (e) {
      if (statusOf(e) === 404) return null;
      return fail('get', path, e);
    }
  }

  async put(path: string, bytes: Uint8Array): Promise<void> {
    const data = bytes.slice().buffer;
    try {
      await once(() => this.client.putFileContents(path, data, { overwrite: true }));
    } catch (e) {
      // A parent folder is missing: 409 (RFC 4918 §9.7.1; Apache), 404 (rclone). Made once; later PUTs are one request.
      if (statusOf(e) !== 409 && statusOf(e) !== 404) fail('put', path, e);
      await this.makeFolders(path);
      await this.client
        .putFileContents(path, data, { overwrite: true })
        .catch((e2: unknown) => fail('put', path, e2));
    }
  }

  /** MKCOL the person's folder and each folder down to the file; 405 means it exists already. */
  private async makeFolders(path: string): Promise<void> {
    const parts = path.split('/').slice(0, -1);
    for (let i = 0; i <= parts.length; i++) {
      const dir = `/${parts.slice(0, i).join('/')}`;
      await once(() => this.client.customRequest(dir, { method: 'MKCOL' })).catch((e: unknown) => {
        if (statusOf(e) !== 405) fail('mkcol', dir, e);
      });
    }
  }

  async delete(path: string): Promise<void> {
    try {
      await once(() => this.client.deleteFile(path));
    } catch (e) {
      if (statusOf(e) !== 404) fail('delete', path, e);
    }
  }
}

export function webdavBackend(config: WebDavConfig): WebDavBackend {
  return new WebDavBackend(config);
}
