// Remote names: read back from a listing, and nothing of another epoch or of an unknown shape is taken for ours.
import { endFile, KEY_FILE, manifestPath, partPath, readListing, segmentPath, snapId } from './layout';

const E = '0123456789abcdef';
const OLD = 'fedcba9876543210';
const A = 'aaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbb';

it('reads segments per device in order, finished and unfinished snapshots, end notices and the key file', () => {
  const early = snapId(1_700_000_000_000, A);
  const late = snapId(1_800_000_000_000, B);
  const files = [
    KEY_FILE,
    endFile(OLD),
    segmentPath(E, A, 10),
    segmentPath(E, A, 2),
    segmentPath(E, B, 1),
    segmentPath(OLD, B, 7),
    partPath(E, early, 0),
    manifestPath(E, early),
    partPath(E, late, 0),
    `${E}/notes.txt`,
    `${E}/log-${A}-1.age`,
  ].map((path) => ({ path, size: 100 }));
  const l = readListing(files, E);
  expect(l.hasKeyFile).toBe(true);
  expect([...l.ended]).toEqual([OLD]);
  expect(l.segments.get(A)?.map((s) => s.seq)).toEqual([2, 10]);
  expect(l.segments.get(B)?.map((s) => s.seq)).toEqual([1]);
  expect(l.snapshots).toEqual([early]);
  expect(l.unfinished).toEqual([late]);
  expect(early < late).toBe(true);
  expect(segmentPath(E, A, 3)).toBe(`${E}/log-${A}-00000003.age`);
});
