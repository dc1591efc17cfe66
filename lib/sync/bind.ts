// A file's name is the server's word; its header is ours (#25, item 6). A server (or anyone with the storage
// credentials) can rename files: serve segment 1 as segment 2, another device's segment as this one's, an old
// snapshot's part or manifest as the new one's. The reader's cursor then moved past the real file, which was never
// read: a trash or a "Delete forever" suppressed for good. Since format v2 every header says, inside the encryption,
// which file it is; a reader compares that with the name it asked for and refuses a mismatch, cursor kept.
import { z } from 'zod/mini';
import { Hlc, RandomId, type FileHeader, type SnapManifest, type SyncEvent } from './format';
import { decodeHlc } from './hlc';
import type { Held } from './port';

export type Named =
  | { kind: 'log'; epoch: string; dev: string; seq: number }
  | { kind: 'snap'; epoch: string; snap: string; part: number };

/** The file is not the one its name says: nothing of it is applied. */
export class Misnamed extends Error {}

const v1Refused =
  'an old-format file (v1) from a device that writes the new format: a replayed or renamed file';

/**
 * Files written before v2 carry only their kind and epoch. They are still read (data already on the storage), but
 * only from a device not yet seen writing v2: once it has, an unnamed file under its name is a replay or a rename.
 * Each device rewrites its own v1 files as a v2 snapshot at its first sync with this version (engine.ts).
 */
export function checkHeader(h: FileHeader, want: Named, writesV2: boolean): void {
  if (h.kind !== want.kind) throw new Misnamed(`a ${h.kind} file served as a ${want.kind} file`);
  if (h.epoch !== want.epoch) throw new Misnamed(`a file of epoch ${h.epoch} served in epoch ${want.epoch}`);
  if (h.v < 2) {
    if (writesV2) throw new Misnamed(v1Refused);
    return;
  }
  const says =
    h.kind === 'log' ? `${h.dev ?? '?'} segment ${h.seq ?? '?'}` : `${h.snap ?? '?'} part ${h.part ?? '?'}`;
  const name = want.kind === 'log' ? `${want.dev} segment ${want.seq}` : `${want.snap} part ${want.part}`;
  if (says !== name) throw new Misnamed(`${says} served as ${name}`);
}

/** Every event in a segment was made by the segment's device (v1 files included: each event names its device). */
export function checkEvents(events: SyncEvent[], dev: string): void {
  for (const e of events)
    if (e.dev !== dev || decodeHlc(e.hlc).device !== dev)
      throw new Misnamed(`an event of device ${e.dev} in a segment of ${dev}`);
}

/** Every log line has a clock and a device, a newer Engram's too (docs/sync.md): held ones are checked alike. */
const Made = z.object({ hlc: Hlc, dev: RandomId });

/** Lines held for a newer reader (#38) were made by the segment's device as well. */
export function checkHeldEvents(held: Held[], dev: string): void {
  for (const h of held) {
    const made = Made.safeParse(JSON.parse(h.line));
    if (!made.success || made.data.dev !== dev || decodeHlc(made.data.hlc).device !== dev)
      throw new Misnamed(`a held line not made by ${dev} in its segment`);
  }
}

export function checkManifest(m: SnapManifest, epoch: string, snap: string, writesV2: boolean): void {
  if (m.epoch !== epoch) throw new Misnamed(`a manifest of epoch ${m.epoch} served in epoch ${epoch}`);
  if (m.v < 2) {
    if (writesV2) throw new Misnamed(v1Refused);
    return;
  }
  if (m.snap !== snap) throw new Misnamed(`the manifest of ${m.snap ?? '?'} served as ${snap}'s`);
}
