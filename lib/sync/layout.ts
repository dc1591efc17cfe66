// Where things live remotely. Names carry random ids and numbers only, never a title, memory id or text (#15).
//   keys/identity.age                          the identity, wrapped by the passphrase (scrypt)
//   keys/end-<epoch>.age                       "Delete everything" ended <epoch> (encrypted to its key, authenticated)
//   <epoch>/log-<device>-<seq>.age             a device's change events, only ever written by that device
//   <epoch>/snap-<time>-<device>-<part>.age    merged state in parts of a few MB; ...-manifest.age is written last
// Flat folders rather than log/<device>/<seq> (the first sketch): a sync with nothing new then lists two
// folders with PROPFIND Depth: 1, which every WebDAV server answers. Nested folders took 6 requests on Apache's
// default config (DavDepthInfinity Off; Nextcloud refuses infinity too), one per folder (bench:sync, #15).
import type { RemoteFile } from './backend';

export const KEYS = 'keys';
export const KEY_FILE = `${KEYS}/identity.age`;
export const endFile = (epoch: string) => `${KEYS}/end-${epoch}.age`;
export const segmentPath = (epoch: string, dev: string, seq: number) =>
  `${epoch}/log-${dev}-${String(seq).padStart(8, '0')}.age`;
export const partPath = (epoch: string, snap: string, part: number) =>
  `${epoch}/snap-${snap}-${String(part).padStart(4, '0')}.age`;
export const manifestPath = (epoch: string, snap: string) => `${epoch}/snap-${snap}-manifest.age`;
/** Sortable by time, then device: the newest snapshot is the last name. */
export const snapId = (wall: number, dev: string) => `${wall.toString(36).padStart(9, '0')}-${dev}`;
export const deviceOfSnap = (snap: string) => snap.slice(snap.indexOf('-') + 1);
export const snapFiles = (l: Listing, snap: string) =>
  l.files.filter((f) => f.path.includes(`/snap-${snap}-`));

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
  files: RemoteFile[];
}

const SEGMENT = /^([a-f0-9]{16})\/log-([a-f0-9]{16})-(\d{8})\.age$/;
const SNAP = /^([a-f0-9]{16})\/snap-([a-z0-9]{9}-[a-f0-9]{16})-(manifest|\d{4})\.age$/;
const END = /^keys\/end-([a-f0-9]{16})\.age$/;

export function readListing(files: RemoteFile[], epoch: string): Listing {
  const l: Listing = {
    hasKeyFile: false,
    ended: new Set(),
    segments: new Map(),
    snapshots: [],
    unfinished: [],
    files,
  };
  const snaps = new Map<string, boolean>();
  for (const f of files) {
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
