// A sync server that serves files under the wrong names (#25, item 6): one segment under another's number, another
// device's segment, a snapshot part or manifest of another snapshot, a file dropped from the middle. Each is refused
// with the reader's cursor kept and a problem in plain words; the real file is read once it is served again.
import { describe, expect, it } from 'vitest';
import { MapBackend } from '../../test/helpers/memory-backend';
import { Device } from '../../test/helpers/sync';
import { gzipLines } from './codec';
import { encryptTo, recipientOf } from './crypto';
import { openLines } from './files';
import { segmentPath } from './layout';

function world(...names: string[]) {
  const remote = new MapBackend();
  return { remote, devices: names.map((n) => new Device(n, remote)) };
}

const seg = (d: Device, seq: number) => segmentPath(d.store.state!.epoch, d.store.state!.device, seq);
const cursorOf = (reader: Device, writer: Device) => reader.store.state!.cursors[writer.store.state!.device];

describe('a segment served under another name', () => {
  it("one of A's segments under the name of A's next: refused, cursor kept, reported; the real one read later", async () => {
    const { remote, devices } = world('A', 'B');
    const [a, b] = devices as [Device, Device];
    await a.connect();
    await b.connect();
    const m = a.add('Lives in Berlin.');
    await a.sync();
    await b.sync();
    a.trash(m.id);
    await a.sync();
    const real = remote.files.get(seg(a, 2))!;
    remote.files.set(seg(a, 2), remote.files.get(seg(a, 1))!);
    const report = await b.sync();
    expect(b.get(m.id).status).toBe('active');
    expect(cursorOf(b, a)).toBe(1);
    expect(report.problems).toEqual([expect.objectContaining({ file: seg(a, 2), kind: 'misnamed' })]);
    remote.files.set(seg(a, 2), real);
    expect((await b.sync()).problems).toEqual([]);
    expect(b.get(m.id).status).toBe('deleted');
    expect(cursorOf(b, a)).toBe(2);
  });

  it("C's segment under A's name: refused, nothing of it applied, A's real segment read later", async () => {
    const { remote, devices } = world('A', 'B', 'C');
    const [a, b, c] = devices as [Device, Device, Device];
    for (const d of devices) await d.connect();
    const m = a.add('Prefers tea.');
    await a.sync();
    await b.sync();
    c.add('Planted by C, served as A.');
    await c.sync();
    a.trash(m.id);
    await a.sync();
    const real = remote.files.get(seg(a, 2))!;
    remote.files.set(seg(a, 2), remote.files.get(seg(c, 1))!);
    remote.files.delete(seg(c, 1));
    const report = await b.sync();
    expect(b.texts()).toEqual(['Prefers tea. [active]']);
    expect(cursorOf(b, a)).toBe(1);
    expect(report.problems.map((p) => p.kind)).toEqual(['misnamed']);
    remote.files.set(seg(a, 2), real);
    await b.sync();
    expect(b.texts()).toEqual(['Prefers tea. [deleted]']);
  });

  it('a segment dropped from the middle stops that device at the gap, reported, until it is back', async () => {
    const { remote, devices } = world('A', 'B');
    const [a, b] = devices as [Device, Device];
    await a.connect();
    await b.connect();
    const m = a.add('Works at Acme.');
    await a.sync();
    await b.sync();
    a.trash(m.id);
    await a.sync();
    a.add('Written after the trash.');
    await a.sync();
    const hidden = remote.files.get(seg(a, 2))!;
    remote.files.delete(seg(a, 2));
    const report = await b.sync();
    expect(report.problems).toEqual([expect.objectContaining({ file: seg(a, 2), kind: 'missing' })]);
    expect(cursorOf(b, a)).toBe(1);
    expect(b.texts()).toEqual(['Works at Acme. [active]']);
    remote.files.set(seg(a, 2), hidden);
    await b.sync();
    expect(b.texts()).toEqual(['Works at Acme. [deleted]', 'Written after the trash. [active]']);
  });
});

describe('a snapshot served under another name', () => {
  /** A writes a snapshot at every push; the server keeps a copy of the first one's files. */
  async function twoSnapshots() {
    const { remote, devices } = world('A', 'C');
    const [a, c] = devices as [Device, Device];
    a.deps.limits = { partBytes: 1_000_000, snapshotAfterBytes: 1 };
    await a.connect();
    const m = a.add('Has a dog called Miso.');
    await a.sync();
    const first = new Map([...remote.files].filter(([p]) => p.includes('/snap-')));
    a.trash(m.id);
    await a.sync();
    const second = [...remote.files.keys()].filter((p) => p.includes('/snap-'));
    expect(second.some((p) => first.has(p))).toBe(false);
    return { remote, a, c, m, first: [...first], second: second.sort() };
  }

  it("an old snapshot's part under the new one's name: refused, and nothing of it applied", async () => {
    const { remote, c, m, first, second } = await twoSnapshots();
    const part = (list: string[]) => list.find((p) => p.endsWith('-0000.age'))!;
    const real = remote.files.get(part(second))!;
    remote.files.set(part(second), first.find(([p]) => p === part(first.map(([x]) => x)))![1]);
    await c.connect();
    const report = await c.sync();
    expect(c.store.memories.has(m.id)).toBe(false);
    expect(report.problems.map((p) => p.kind)).toEqual(['misnamed']);
    remote.files.set(part(second), real);
    await c.sync();
    expect(c.texts()).toEqual(['Has a dog called Miso. [deleted]']);
  });

  it("an old snapshot's manifest under the new one's name: refused", async () => {
    const { remote, c, m, first, second } = await twoSnapshots();
    const manifest = second.find((p) => p.endsWith('-manifest.age'))!;
    const real = remote.files.get(manifest)!;
    remote.files.set(manifest, first.find(([p]) => p.endsWith('-manifest.age'))![1]);
    await c.connect();
    const report = await c.sync();
    expect(c.store.memories.has(m.id)).toBe(false);
    expect(report.problems.map((p) => p.kind)).toEqual(['misnamed']);
    remote.files.set(manifest, real);
    await c.sync();
    expect(c.texts()).toEqual(['Has a dog called Miso. [deleted]']);
  });
});

/** The file as an Engram before format v2 wrote it: a header with its kind and epoch only. */
async function asV1(d: Device, bytes: Uint8Array): Promise<Uint8Array> {
  const { header, lines } = await openLines(d.store.state!.identity, bytes);
  const v1 = { format: 'engram-sync', v: 1, kind: header.kind, epoch: header.epoch, count: header.count };
  return encryptTo(await recipientOf(d.store.state!.identity), await gzipLines([v1, ...lines]));
}

describe('files written before format v2', () => {
  it('are read as before from a device not yet seen writing v2, then rewritten by their writer as v2', async () => {
    const { remote, devices } = world('A', 'B', 'C');
    const [a, b, c] = devices as [Device, Device, Device];
    await a.connect();
    await b.connect();
    a.add('Written by an older Engram.');
    await a.sync();
    remote.files.set(seg(a, 1), await asV1(a, remote.files.get(seg(a, 1))!));
    a.store.state = { ...a.store.state!, format: undefined };
    expect((await b.sync()).problems).toEqual([]);
    expect(b.texts()).toEqual(['Written by an older Engram. [active]']);
    // A's first sync with v2: one v2 snapshot, and its unnamed segment gone.
    expect((await a.sync()).snapshotWritten).toBe(true);
    expect(a.store.state!.format).toBe(2);
    expect(remote.files.has(seg(a, 1))).toBe(false);
    await c.connect();
    expect((await c.sync()).problems).toEqual([]);
    expect(c.texts()).toEqual(['Written by an older Engram. [active]']);
  });

  it('an unnamed (v1) file under the name of a device that writes v2 is refused', async () => {
    const { remote, devices } = world('A', 'B');
    const [a, b] = devices as [Device, Device];
    await a.connect();
    await b.connect();
    const m = a.add('Likes rain.');
    await a.sync();
    await b.sync();
    a.trash(m.id);
    await a.sync();
    const real = remote.files.get(seg(a, 2))!;
    remote.files.set(seg(a, 2), await asV1(a, remote.files.get(seg(a, 1))!));
    const report = await b.sync();
    expect(report.problems.map((p) => p.kind)).toEqual(['misnamed']);
    expect(b.texts()).toEqual(['Likes rain. [active]']);
    remote.files.set(seg(a, 2), real);
    await b.sync();
    expect(b.texts()).toEqual(['Likes rain. [deleted]']);
  });
});
