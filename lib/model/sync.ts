// Sync settings and status (#15), as they cross from Options to the background. Credentials and the passphrase go
// one way: the background keeps them in engram-secrets and never sends them back (only the endpoint is shown).
import { z } from 'zod/mini';
import { Said } from './problem';

const text = (max: number) => z.string().check(z.maxLength(max));
const httpUrl = z.string().check(
  z.maxLength(2000),
  z.refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'an http(s) address'),
);

export const WebDavSettings = z.object({
  kind: z.literal('webdav'),
  url: httpUrl,
  username: text(500),
  password: text(2000),
});

export const S3Settings = z.object({
  kind: z.literal('s3'),
  endpoint: httpUrl,
  bucket: z.string().check(z.minLength(1), z.maxLength(255)),
  prefix: text(500),
  region: z.string().check(z.minLength(1), z.maxLength(100)),
  accessKeyId: z.string().check(z.minLength(1), z.maxLength(500)),
  secretAccessKey: z.string().check(z.minLength(1), z.maxLength(2000)),
});

export const SyncBackendSettings = z.discriminatedUnion('kind', [WebDavSettings, S3Settings]);
export type SyncBackendSettings = z.infer<typeof SyncBackendSettings>;

export const SyncConnect = z.object({
  backend: SyncBackendSettings,
  passphrase: z.string().check(z.minLength(1), z.maxLength(1000)),
});
export type SyncConnect = z.infer<typeof SyncConnect>;

/** What the background keeps of a connect: the storage only. The passphrase is never stored (#25). */
export interface StoredSync {
  backend: SyncBackendSettings;
}

/** Options → Sync: a new key under a new passphrase (Remove a device, a new passphrase, or after Delete everything). */
export const SyncRotate = z.object({
  passphrase: z.string().check(z.minLength(1), z.maxLength(1000)),
  /** The device removed, when that is why (its id; for the person's record only, the key change shuts it out). */
  remove: z.optional(z.string().check(z.regex(/^[a-f0-9]{16}$/))),
});
export type SyncRotate = z.infer<typeof SyncRotate>;

/** A device that has written to the storage, as this one knows it (#25). */
export const SyncPeer = z.object({
  id: z.string(),
  /** "Chrome on Linux", from its own headers; null when it never said (an older Engram). */
  name: z.nullable(z.string()),
  /** Its last write this device has read (ISO); null when unknown. */
  at: z.nullable(z.string()),
  self: z.boolean(),
});
export type SyncPeer = z.infer<typeof SyncPeer>;

/** Changes a device wrote with a newer Engram that this one keeps but cannot read yet (#38). */
export const Waiting = z.object({
  id: z.string(),
  /** What that device calls itself; null when it never said. */
  name: z.nullable(z.string()),
  count: z.number().check(z.int(), z.positive()),
});
export type Waiting = z.infer<typeof Waiting>;

/**
 * What went wrong with remote files at the last sync (#25), as a code the page words (#37): the kind of problem
 * and the devices that wrote those files (the first 8 characters of each id). A run stored before #37 holds an
 * English line, shown quoted.
 */
export const SyncProblem = z.union([
  z.object({
    code: z.literal('sync-file'),
    kind: z.enum(['misnamed', 'missing', 'unreadable', 'too-new', 'forged-end']),
    devices: z.array(text(16)),
  }),
  z.string(),
]);
export type SyncProblem = z.infer<typeof SyncProblem>;

export const SyncStatus = z.object({
  /** Set up on this device. */
  connected: z.boolean(),
  kind: z.nullable(z.enum(['webdav', 's3'])),
  /** The folder or bucket address, never a credential. */
  endpoint: z.nullable(z.string()),
  running: z.boolean(),
  lastSync: z.nullable(z.string()),
  /** Why the last run failed (#37): a code, or the storage's words quoted. */
  lastError: z.nullable(Said),
  /** What went wrong with remote files at the last sync; nothing of those files was applied. */
  problems: z.array(SyncProblem),
  /** Devices whose changes this one has read, itself included. */
  devices: z.number(),
  /** Memories waiting in Review (sync conflicts included). */
  review: z.number(),
  /** "Delete everything" ran on another device: this one was emptied and needs the passphrase again. */
  ended: z.boolean(),
  /** Why sync stopped here (#25): see lib/sync/port.ts EndedWhy; null while it runs. The page words it (#37). */
  stopped: z.nullable(z.enum(['reset', 'rotated', 'key-changed', 'reset-here'])),
  /** Devices that have written, this one first. */
  peers: z.array(SyncPeer),
  /** Per device, changes that wait for this Engram to be updated (#38): "Update Engram to read N changes from…". */
  waiting: z.array(Waiting),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/** The origin pattern the background's requests go to: asked for at runtime (optional_host_permissions). */
export function syncOriginPattern(b: SyncBackendSettings): string {
  const url = new URL(b.kind === 'webdav' ? b.url : b.endpoint);
  return `${url.protocol}//${url.hostname}/*`;
}

/** What the status line shows of the endpoint: no user, no password, no query. */
export function endpointLabel(b: SyncBackendSettings): string {
  if (b.kind === 's3') return `${new URL(b.endpoint).origin}/${b.bucket}/${b.prefix}`;
  const url = new URL(b.url);
  return `${url.origin}${url.pathname}`;
}

/** Review → a sync conflict: keep one version (its event id), or write a merged text (#15). */
export const ResolveConflict = z.object({
  id: z.string().check(z.minLength(1)),
  /** The versions the person saw (event ids): if more arrived meanwhile, nothing is written. */
  seen: z.array(z.string().check(z.minLength(1))).check(z.minLength(2), z.maxLength(64)),
  keep: z.optional(z.string().check(z.minLength(1))),
  text: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(2000))),
});
export type ResolveConflict = z.infer<typeof ResolveConflict>;
