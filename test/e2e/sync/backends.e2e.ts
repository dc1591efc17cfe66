// Every backend against a real server started by the test (#15): Apache mod_dav, rclone, and an S3 emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVERS } from '../../helpers/servers';
import type { Running } from '../../helpers/servers/process';
import { BackendError, type RemoteFile } from '../../../lib/sync/backend';
import { webdavBackend } from '../../../lib/sync/webdav';
import { Device } from '../../helpers/sync';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array | null) => (b ? new TextDecoder().decode(b) : null);

describe.each(SERVERS)('$name', (server) => {
  let running: Running;
  beforeAll(async () => {
    if (server.missing) return;
    running = await server.start();
  });
  afterAll(async () => running?.stop());

  it.skipIf(server.missing !== null)('puts, lists, gets and deletes files and folders', async () => {
    const b = server.backend(running, 'engram-a');
    expect(await b.list('keys')).toEqual([]);
    expect(await b.get('keys/identity.age')).toBeNull();
    await b.put('keys/identity.age', bytes('k'));
    await b.put('e1/log-d1-00000001.age', bytes('one'));
    await b.put('e1/log-d1-00000001.age', bytes('one, again'));
    await b.put('e1/log-d2-00000001.age', new Uint8Array([0, 255, 1, 254]));
    await b.put('e1/deeper/not-listed.age', bytes('x'));
    const bare = (files: RemoteFile[]) => files.map(({ path, size }) => ({ path, size }));
    const listed = bare(await b.list('e1')).sort((x, y) => x.path.localeCompare(y.path));
    expect(listed).toEqual([
      { path: 'e1/log-d1-00000001.age', size: 10 },
      { path: 'e1/log-d2-00000001.age', size: 4 },
    ]);
    expect(bare(await b.list('keys'))).toEqual([{ path: 'keys/identity.age', size: 1 }]);
    // A replaced file lists with another tag: a device checks its key file by tag, fetching it only then (#25).
    const tag = (await b.list('keys'))[0]?.tag;
    expect(tag).toBeTruthy();
    await b.put('keys/identity.age', bytes('j'));
    expect((await b.list('keys'))[0]?.tag).not.toBe(tag);
    expect(await b.list('nothing')).toEqual([]);
    expect(text(await b.get('e1/log-d1-00000001.age'))).toBe('one, again');
    expect([...((await b.get('e1/log-d2-00000001.age')) ?? [])]).toEqual([0, 255, 1, 254]);
    await b.delete('e1/log-d2-00000001.age');
    expect((await b.list('e1')).map((f) => f.path)).toEqual(['e1/log-d1-00000001.age']);
    await b.delete('e1/');
    await b.delete('e1/');
    await b.delete('nothing-here.age');
    expect(await b.list('e1')).toEqual([]);
    expect(await b.get('e1/deeper/not-listed.age')).toBeNull();
    expect((await b.list('keys')).map((f) => f.path)).toEqual(['keys/identity.age']);
    // Another folder on the same server is another world.
    expect(await server.backend(running, 'engram-b').list('keys')).toEqual([]);
  });

  it.skipIf(server.missing !== null)(
    'carries a two-device sync: add, edit, conflict, Delete everything',
    async () => {
      const a = new Device('A', server.backend(running, 'engram-sync'));
      const b = new Device('B', server.backend(running, 'engram-sync'));
      await a.connect();
      await b.connect();
      const m = a.add('Runs marathons.');
      await a.sync();
      await b.sync();
      a.edit(m.id, 'Runs marathons, usually in spring.');
      b.edit(m.id, 'Runs half marathons.');
      await a.sync();
      await b.sync();
      await a.sync();
      expect(a.get(m.id)).toEqual(b.get(m.id));
      expect(a.store.conflicts.has(m.id) && b.store.conflicts.has(m.id)).toBe(true);
      await a.resetRemote();
      expect((await b.sync()).wiped).toBe(true);
      expect(b.store.memories.size).toBe(0);
    },
  );

  it.skipIf(server.missing !== null)('says what failed when the credentials are wrong', async () => {
    if (server.name.startsWith('s3')) return; // covered by the signature test below
    const b = webdavBackend({ url: `${running.url}engram-a`, username: 'engram', password: 'wrong' });
    const err = await b.list('keys').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackendError);
    expect((err as BackendError).status).toBe(401);
  });
});

// Locally a missing binary skips its server with the reason above; CI installs them all (.ci/run), so there none may skip.
it.runIf(process.env.CI === 'true')('in CI every storage server runs', () => {
  expect(SERVERS.filter((s) => s.missing).map((s) => `${s.name}: ${s.missing}`)).toEqual([]);
});

for (const s of SERVERS)
  if (s.missing) console.warn(`sync backend tests skipped for ${s.name}: ${s.missing}`);
