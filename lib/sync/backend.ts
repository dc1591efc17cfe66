// The storage behind sync: four operations, no compare-and-swap (each device writes only its own prefix, because
// rclone's WebDAV server and several S3 emulators ignore If-Match, #15). Paths are relative to the person's folder.

export interface RemoteFile {
  path: string;
  size: number;
  /** The server's tag for this version of the file (WebDAV getetag, S3 ETag), when the listing gives one. */
  tag?: string | null;
}

export interface Backend {
  /** The files directly inside `folder` (e.g. "keys"), as paths from the person's folder. Missing: empty. */
  list(folder: string): Promise<RemoteFile[]>;
  /** The file's bytes, or null when it does not exist. */
  get(path: string): Promise<Uint8Array | null>;
  /** Creates or replaces the file, making folders as needed. */
  put(path: string, bytes: Uint8Array): Promise<void>;
  /** Removes a file, or everything under a folder path ending in '/'. Missing is fine. */
  delete(path: string): Promise<void>;
}

/** A storage error that says what failed, for the sync status line. */
export class BackendError extends Error {
  constructor(
    readonly op: string,
    readonly path: string,
    readonly status: number | null,
    detail: string,
  ) {
    super(`${op} ${path}: ${detail}`);
  }
}

export interface Counted extends Backend {
  requests: number;
  bytesUp: number;
  bytesDown: number;
}

/** Counts what a backend sends and receives (bench:sync, the "≤ 3 requests for nothing new" target). */
export function counting(inner: Backend): Counted {
  const c: Counted = {
    requests: 0,
    bytesUp: 0,
    bytesDown: 0,
    list: async (folder) => {
      c.requests += 1;
      return inner.list(folder);
    },
    get: async (path) => {
      c.requests += 1;
      const bytes = await inner.get(path);
      c.bytesDown += bytes?.length ?? 0;
      return bytes;
    },
    put: async (path, bytes) => {
      c.requests += 1;
      c.bytesUp += bytes.length;
      await inner.put(path, bytes);
    },
    delete: async (path) => {
      c.requests += 1;
      await inner.delete(path);
    },
  };
  return c;
}
