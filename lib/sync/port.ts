// The port between the sync engine and the store (#15). The store implements it (phase 2: against Dexie, inside
// lib/store; here: memory-port.ts) and stays the only writer: the engine hands it what to write and never touches
// records itself. Every method that writes does so in one transaction, with the sync state, or not at all.
import type { Conversation, MemoryEvent, Turn } from '../model/records';
import type { Apply, Heads } from './apply';
import type { SnapLine, SyncEvent } from './format';
import type { Clock } from './hlc';

/** One committed local change, as the store's commit paths recorded it (an outbox row in phase 2). */
export type LocalChange =
  /** Every memory write: the memoryEvents row written with it (op, before/after, actor). */
  | { kind: 'memory'; event: MemoryEvent }
  /** "Delete forever": only the id travels. `at` (ISO): when it was made (absent from changes recorded before). */
  | { kind: 'purge'; memoryId: string; at?: string }
  /** A capture or import: the conversation and the turns that changed. */
  | { kind: 'conversation'; conversation: Conversation; turns: Turn[] }
  | { kind: 'conversation-deleted'; key: string; at?: string };

/** Another device, as this one knows it from the files it read (#25): listed in Options → Sync. */
export interface Peer {
  /** The highest format version read from it: from 2 on, an unnamed (v1) file under its name is refused. */
  v: number;
  /** When it last wrote, by its newest file read here; null when no file said. */
  at: string | null;
  /** What it calls itself ("Chrome on Linux"), from v2 segment headers. */
  name?: string | null;
}

export interface SyncState {
  version: 1;
  /** Random; this device's prefix remotely. */
  device: string;
  epoch: string;
  /** The age identity (secret): kept where pages cannot read it (issue #8's rule for API keys). */
  identity: string;
  clock: Clock;
  /** The store's cursor: local changes up to here are already events. Opaque to the engine. */
  localCursor: string | null;
  /** Number of this device's next log segment (from 1). */
  nextSeq: number;
  /** Events committed here before their upload, so a crash re-sends exactly them (same ids, same clocks). */
  outgoing: { seq: number; events: SyncEvent[] } | null;
  /** Per other device, the last log segment applied. */
  cursors: Record<string, number>;
  /** A snapshot being read; a first sync resumes here after a worker restart. */
  reading: {
    snap: string;
    parts: number;
    done: number;
    cursors: Record<string, number>;
    /** The manifest's format version and time (#25; absent from states saved before). */
    v?: number;
    at?: string;
  } | null;
  /** The last snapshot read to its end (added in phase 2; absent from states saved before). */
  lastSnap?: string | null;
  /**
   * The first push after a connect sends everything this device holds again: each record keeps the time it last
   * changed as its clock (lib/sync/outbox.ts). Cleared when that push is done. Absent from states saved before.
   */
  replaying?: boolean;
  /** Per other device: its format, last write and name (#25). Absent from states saved before. */
  peers?: Record<string, Peer>;
  /** The format of this device's own remote files; absent (v1) until it rewrote them as v2 (engine.ts, #25). */
  format?: number;
  /** What this device calls itself in the headers it writes ("Chrome on Linux"); set at connect. */
  name?: string | null;
  /** SHA-256 of the key file this device joined with or wrote (#25): another one means the key was changed. */
  keyFile?: string;
  /** The storage's tag (ETag) of that key file when last checked: while it stays, the file is not fetched. */
  keyTag?: string | null;
  /** Epochs ended by "Delete everything", from the key file; carried into the next key file (crypto.ts). */
  resets?: string[];
  /** Sync stopped here until the passphrase is entered: another device ended the epoch, or this one did. */
  ended: boolean;
  /** Why (#25; absent: "Delete everything" on another device, as before). */
  endedWhy?: EndedWhy;
  /** "Delete everything", "Remove a device" or a new passphrase begun here and not yet finished remotely. */
  resetting: Resetting | null;
}

/**
 * `reset`: another device ran Delete everything, this one was emptied. `rotated`: another device removed a device
 * or changed the passphrase; this one keeps its data. `key-changed`: the key file is not the one this device joined
 * with, and no notice says why (it may have been removed from the storage). `reset-here`: Delete everything ran on
 * this device; it waits for the new passphrase the person sets.
 */
export type EndedWhy = 'reset' | 'rotated' | 'key-changed' | 'reset-here';

export interface Resetting {
  oldEpoch: string;
  oldIdentity: string;
  /** The new key file (base64), or '' while Delete everything waits for the new passphrase (#25). */
  keyFile: string;
  /** What the end notice says (#25; absent: reset, from before). */
  why?: 'reset' | 'rotate';
  /** The next epoch's id, chosen when the end notice is written. */
  next?: string;
  /** The end notice is written and the old epoch's files are gone. */
  remoteDone?: boolean;
}

/** One line kept for a newer reader; `key` names where it was read, so reading the file again changes nothing. */
export interface Held {
  key: string;
  /** The device that wrote it (a passed-on line keeps its first writer). */
  dev: string;
  /** The Engram version that wrote it. */
  by: string;
  /** The line as it came, as JSON text. */
  line: string;
}

/** Lines held for a newer reader (#38): kept, and dropped once read (or found broken), with the state. */
export interface HeldWrite {
  put: Held[];
  drop: string[];
}

export class LocalMoved extends Error {
  constructor() {
    super('A local change touched the same records meanwhile; push it first');
  }
}

export interface SyncPort {
  loadState(): Promise<SyncState | null>;
  /** The state alone; no records change. */
  saveState(state: SyncState): Promise<void>;
  /** Local changes committed after `after` (null: from the start), oldest first, at most `limit`. */
  localChanges(
    after: string | null,
    limit: number,
  ): Promise<{ changes: LocalChange[]; cursor: string | null }>;
  /** The merge's per-record state for these ids; missing ones are simply absent. */
  heads(memoryIds: string[], convKeys: string[]): Promise<Heads>;
  /**
   * One transaction: the records (put, remove, purge with history and embeddings), the heads, conflicts for Review,
   * and `state`. Throws LocalMoved, writing nothing, when a local change committed after `state.localCursor` touches
   * a record this would write (the engine pushes it, then retries).
   */
  applyRemote(apply: Apply, state: SyncState, held?: HeldWrite): Promise<void>;
  /** Every line held for a newer reader (#38), oldest first. */
  heldLines(): Promise<Held[]>;
  /** Everything synced, as snapshot lines, in chunks of about `chunk` lines. */
  exportState(chunk: number): AsyncIterable<SnapLine[]>;
  /** Deletes every synced record, head and held line (another device ran "Delete everything"), saves `state`. */
  wipe(state: SyncState): Promise<void>;
}
