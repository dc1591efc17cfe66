// What every step of a sync shares. `state` is replaced, never mutated, and saved by the port with the writes.
import type { Backend } from './backend';
import type { EndedWhy, Held, SyncPort, SyncState } from './port';

export interface Progress {
  phase: 'push' | 'snapshot' | 'log' | 'write-snapshot';
  done: number;
  total: number;
}

/**
 * What went wrong with one file, for the sync status (lib/sync/problems.ts says each in plain words):
 * `misnamed` a file served under another's name (#25); `missing` a gap in a device's numbers; `unreadable` cut
 * short or damaged; `too-new` a newer format; `forged-end` an end notice not written by a device of ours.
 */
export type ProblemKind = 'misnamed' | 'missing' | 'unreadable' | 'too-new' | 'forged-end';

export interface Problem {
  file: string;
  kind: ProblemKind;
  error: string;
}

export interface SyncReport {
  pushed: number;
  pulled: number;
  conflicts: number;
  /** Files that could not be read (cut short, or written by a newer Engram); retried at the next sync. */
  problems: Problem[];
  /** Another device ran "Delete everything": this device was wiped. */
  wiped: boolean;
  /** This device stopped syncing at this run, and why (#25): it waits for the passphrase. */
  stopped: EndedWhy | null;
  snapshotWritten: boolean;
  /** A memory was deleted forever here or elsewhere: this device compacts its own files. */
  purged: boolean;
}

/** Sizes that shape the remote files; defaults in snapshot.ts, smaller in tests to exercise many parts. */
export interface Limits {
  partBytes: number;
  snapshotAfterBytes: number;
}

export interface Ctx {
  limits: Limits;
  backend: Backend;
  port: SyncPort;
  state: SyncState;
  recipient: string;
  now: () => number;
  progress: (p: Progress) => void;
  report: SyncReport;
  /** This Engram's version (#38): written as `by` in every file; lines from a newer one may be held. */
  version: string | undefined;
  /** Lines held for a newer reader, as the store has them (read at the start of the pull). */
  held: Held[];
}

export function emptyReport(): SyncReport {
  return {
    pushed: 0,
    pulled: 0,
    conflicts: 0,
    problems: [],
    wiped: false,
    stopped: null,
    snapshotWritten: false,
    purged: false,
  };
}
