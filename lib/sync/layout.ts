// Where things live remotely. Names carry random ids and numbers only, never a title, memory id or text (#15).
//   keys/identity.age                  the identity, wrapped by the passphrase (scrypt)
//   keys/end/<epoch>.age               "Delete everything" ended <epoch> (encrypted to its key, authenticated)
//   <epoch>/log/<device>/<seq>.age     a device's change events, only ever written by that device
//   <epoch>/snap/<snap>/<part>.age     merged state in parts of a few MB; manifest.age is written last
import type { RemoteFile } from './backend';

export const KEY_FILE = 'keys/identity.age';
export const endFile = (epoch: string) => `keys/end/${epoch}.age`;
export const segmentPath = (epoch: string, dev: string, seq: number) =>
  `${epoch}/log/${dev}/${String(seq).padStart(8, '0')}.age`;
export const partPath = (epoch: string, snap: string, part: number) =>
  `${epoch}/snap/${snap}/${String(part).padStart(4, '0')}.age`;
export const manifestPath = (epoch: string, snap: string) => `${epoch}/snap/${snap}/manifest.age`;
/** Sortable by time, then device: the newest snapshot is the last name. */
export const snapId = (wall: number, dev: string) => `${wall.toString(36).padStart(9, '0')}-${dev}`;
export const deviceOfSnap = (snap: string) => snap.slice(snap.indexOf('-') + 1);

export interface Segment {
  seq: number;
  size: number;
}

export interface Listing {
  hasKeyFile: boolean;
  ended: Set<string>;
  /** Per device, its segments in this epoch by number. */
  segments: Map<string, Segment[]>;
  /** Snapshots with a manifest, oldest first. */
  snapshots: string[];
  /** Snapshots without one (unfinished, or being written now). */
  unfinished: string[];
  bytes: number;
}

const SEGMENT = /^([a-f0-9]{16})\/log\/([a-f0-9]{16})\/(\d{8})\.age$/;
const SNAP = /^([a-f0-9]{16})\/snap\/([a-z0-9]+-[a-f0-9]{16})\/(manifest|\d{4})\.age$/;
const END = /^keys\/end\/([a-f0-9]{16})\.age$/;

export function readListing(files: RemoteFile[], epoch: string): Listing {
  const l: Listing = {
    hasKeyFile: false,
    ended: new Set(),
    segments: new Map(),
    snapshots: [],
    unfinished: [],
    bytes: 0,
  };
  const snaps = new Map<string, boolean>();
  for (const f of files) {
    l.bytes += f.size;
    if (f.path === KEY_FILE) l.hasKeyFile = true;
    const end = END.exec(f.path);
    if (end?.[1]) l.ended.add(end[1]);
    const seg = SEGMENT.exec(f.path);
    if (seg?.[1] === epoch && seg[2]) {
      const list = l.segments.get(seg[2]) ?? [];
      list.push({ seq: Number(seg[3]), size: f.size });
      l.segments.set(seg[2], list);
    }
    const snap = SNAP.exec(f.path);
    if (snap?.[1] === epoch && snap[2])
      snaps.set(snap[2], (snaps.get(snap[2]) ?? false) || snap[3] === 'manifest');
  }
  for (const list of l.segments.values()) list.sort((a, b) => a.seq - b.seq);
  const ids = [...snaps.keys()].sort();
  l.snapshots = ids.filter((id) => snaps.get(id));
  l.unfinished = ids.filter((id) => !snaps.get(id));
  return l;
}
