// Two devices syncing through a real Apache mod_dav started by the test (#15).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversation, turn } from '../../helpers/records';
import { apacheBackend, startApacheServer } from '../../helpers/servers';
import { hasApache } from '../../helpers/servers/apache';
import type { Running } from '../../helpers/servers/process';
import { Device } from '../../helpers/sync';
import { counting } from '../../../lib/sync/backend';
import { WrongPassphrase } from '../../../lib/sync/crypto';
import { NotConnected } from '../../../lib/sync/engine';

const skip = !hasApache();
if (skip)
  console.warn(
    'sync engine tests skipped: apache2 with mod_dav_fs is not installed (apt-get install apache2)',
  );

let apache: Running;
let folders = 0;
beforeAll(async () => {
  if (!skip) apache = await startApacheServer();
});
afterAll(async () => apache?.stop());

function pair() {
  const folder = `sync-${++folders}`;
  return [
    new Device('A', apacheBackend(apache, folder)),
    new Device('B', apacheBackend(apache, folder)),
  ] as const;
}

describe.skipIf(skip)('sync engine over Apache WebDAV', () => {
  it('a memory added on A appears on B; an edit on B reaches A; history travels', async () => {
    const [a, b] = pair();
    await a.connect();
    await b.connect();
    const m = a.add('I am allergic to penicillin.');
    await a.sync();
    await b.sync();
    expect(b.get(m.id).text).toBe('I am allergic to penicillin.');
    b.edit(m.id, 'I am allergic to penicillin and amoxicillin.');
    await b.sync();
    await a.sync();
    expect(a.get(m.id).text).toBe('I am allergic to penicillin and amoxicillin.');
    expect([...a.store.events.values()].filter((e) => e.memoryId === m.id).map((e) => e.op)).toEqual([
      'add',
      'update',
    ]);
    expect(a.store.conflicts.size + b.store.conflicts.size).toBe(0);
  });

  it('conversations and turns travel, and a deleted conversation stays deleted', async () => {
    const [a, b] = pair();
    await a.connect();
    await b.connect();
    a.store.saveCapture(conversation({ title: 'Trip to Lisbon' }), [
      turn(),
      turn({ key: 'chatgpt:c1:t2', id: 't2', order: 1 }),
    ]);
    await a.sync();
    await b.sync();
    expect(b.store.conversations.get('chatgpt:c1')?.title).toBe('Trip to Lisbon');
    expect(b.store.turns.size).toBe(2);
    b.store.deleteConversation('chatgpt:c1');
    await b.sync();
    await a.sync();
    await b.sync();
    expect(a.store.conversations.size + a.store.turns.size + b.store.conversations.size).toBe(0);
  });

  it('a sync with nothing new is two requests; a single edit uploads one small file', async () => {
    const [a, b] = pair();
    await a.connect();
    await b.connect();
    for (let i = 0; i < 30; i++)
      a.add(`Fact number ${i} about the person, long enough to look like a real memory.`);
    await a.sync();
    await b.sync();
    const quiet = counting(b.deps.backend);
    b.deps.backend = quiet;
    const report0 = await b.sync();
    expect(report0.pulled).toBe(0);
    expect(quiet.requests).toBe(2); // PROPFIND Depth: 1 of keys/ and of the epoch's folder
    const upload = counting(a.deps.backend);
    a.deps.backend = upload;
    const id = [...a.store.memories.keys()][0]!;
    a.edit(id, 'I prefer short answers with code first.');
    const report = await a.sync();
    expect(report.pushed).toBe(1);
    expect(upload.requests).toBe(3); // the two listings and one PUT
    expect(upload.bytesUp).toBeLessThanOrEqual(2048);
  });

  it('a wrong passphrase unlocks nothing and writes nothing', async () => {
    const [a, b] = pair();
    await a.connect();
    await expect(b.connect('not the passphrase')).rejects.toBeInstanceOf(WrongPassphrase);
    await expect(b.sync()).rejects.toBeInstanceOf(NotConnected);
  });
});

describe.skipIf(skip)('reconnecting', () => {
  it('a device that connects again gets a new id, so no other device skips what it writes next', async () => {
    const [a, b] = pair();
    await a.connect();
    await b.connect();
    for (let i = 0; i < 3; i++) a.add(`Before reconnecting ${i}.`);
    await a.sync();
    await b.sync();
    const firstId = a.store.state!.device;
    await a.connect();
    expect(a.store.state!.device).not.toBe(firstId);
    const later = a.add('Written after reconnecting.');
    await a.sync();
    await b.sync();
    expect(b.get(later.id).text).toBe('Written after reconnecting.');
  });
});
