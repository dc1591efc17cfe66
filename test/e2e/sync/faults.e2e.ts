// Fault tests at the engine level (#15), each against a real Apache: a segment cut short, a clock an hour off, two
// devices editing one memory, a device offline across "Delete everything", an interrupted first sync, Delete
// forever. Each ends with nothing lost, nothing revived, and conflicts flagged for Review.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apacheBackend, startApacheServer } from '../../helpers/servers';
import { hasApache } from '../../helpers/servers/apache';
import { filesOnDisk, type Running } from '../../helpers/servers/process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Device, NEW_PASSPHRASE } from '../../helpers/sync';
import { BackendError, counting, type Backend } from '../../../lib/sync/backend';
import { NotConnected } from '../../../lib/sync/engine';
import { openLines } from '../../../lib/sync/files';
import { conversation, turn } from '../../helpers/records';

const skip = !hasApache();
let apache: Running;
let folders = 0;
beforeAll(async () => {
  if (!skip) apache = await startApacheServer();
});
afterAll(async () => apache?.stop());

const HOUR = 3_600_000;
const folder = () => `faults-${++folders}`;

/** The next upload of a log segment stores only its first half, then the connection "drops". */
function cutOnce(inner: Backend): Backend & { armed: boolean } {
  const b = {
    armed: true,
    list: (folder: string) => inner.list(folder),
    get: (p: string) => inner.get(p),
    delete: (p: string) => inner.delete(p),
    async put(path: string, bytes: Uint8Array) {
      if (!b.armed || !path.includes('/log-')) return inner.put(path, bytes);
      b.armed = false;
      await inner.put(path, bytes.slice(0, Math.floor(bytes.length / 2)));
      throw new BackendError('put', path, null, 'connection reset');
    },
  };
  return b;
}

let f = '';
async function devices(...names: string[]) {
  f = folder();
  const list = names.map((n) => new Device(n, apacheBackend(apache, f)));
  for (const d of list) await d.connect();
  return list as [Device, Device, Device];
}

describe.skipIf(skip)('sync faults', () => {
  it('a segment cut short is refused by readers and re-sent whole by its writer', async () => {
    const [a, b] = await devices('A', 'B');
    const first = a.add('First fact.');
    await a.sync();
    const cut = cutOnce(a.deps.backend);
    a.deps.backend = cut;
    const second = a.add('Second fact, in the segment that gets cut.');
    await expect(a.sync()).rejects.toThrow(/connection reset/);
    const report = await b.sync();
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]?.error).toMatch(/Unreadable|Cut short/);
    expect(b.texts()).toEqual(['First fact. [active]']);
    await a.sync();
    const again = await b.sync();
    expect(again.problems).toEqual([]);
    expect(b.get(second.id).text).toBe(second.text);
    expect(b.get(first.id).text).toBe(first.text);
    expect(b.texts()).toEqual(a.texts());
  });

  it("a server that serves one of A's segments under the next one's name: refused, cursor kept, the real one read later (#25)", async () => {
    const [a, b] = await devices('A', 'B');
    const m = a.add('Lives in Berlin.');
    await a.sync();
    await b.sync();
    a.trash(m.id);
    await a.sync();
    const { epoch, device } = a.store.state!;
    const [one, two] = [1, 2].map((n) => `${epoch}/log-${device}-0000000${n}.age`) as [string, string];
    const real = (await a.deps.backend.get(two))!;
    await a.deps.backend.put(two, (await a.deps.backend.get(one))!);
    const report = await b.sync();
    expect(report.problems.map((p) => [p.file, p.kind])).toEqual([[two, 'misnamed']]);
    expect(b.store.state!.cursors[device]).toBe(1);
    expect(b.get(m.id).status).toBe('active');
    await a.deps.backend.put(two, real);
    expect((await b.sync()).problems).toEqual([]);
    expect(b.get(m.id).status).toBe('deleted');
  });

  it('a device whose clock is an hour behind: an edit made after seeing another still wins', async () => {
    const [a, b] = await devices('A', 'B');
    b.skewMs = -HOUR;
    const m = a.add('Works at Acme.');
    await a.sync();
    await b.sync();
    b.edit(m.id, 'Works at Globex since March.');
    await b.sync();
    await a.sync();
    expect(a.get(m.id).text).toBe('Works at Globex since March.');
    expect(b.get(m.id).text).toBe('Works at Globex since March.');
    expect(a.store.conflicts.size + b.store.conflicts.size).toBe(0);
    // And an hour ahead: A's later edit still wins over B's earlier one.
    b.skewMs = HOUR;
    b.edit(m.id, 'Works at Globex.');
    await b.sync();
    await a.sync();
    a.edit(m.id, 'Works at Initech now.');
    await a.sync();
    await b.sync();
    expect(b.get(m.id).text).toBe('Works at Initech now.');
  });

  it('two devices edit the same memory: one shown on both, the other kept, both flagged', async () => {
    const [a, b] = await devices('A', 'B');
    const m = a.add('Has two cats.');
    await a.sync();
    await b.sync();
    a.edit(m.id, 'Has two cats, Miso and Tofu.');
    b.edit(m.id, 'Has three cats.');
    await a.sync();
    await b.sync();
    await a.sync();
    expect(a.get(m.id)).toEqual(b.get(m.id));
    expect(a.store.conflicts.has(m.id)).toBe(true);
    expect(b.store.conflicts.has(m.id)).toBe(true);
    for (const d of [a, b]) {
      const texts = [...d.store.events.values()].filter((e) => e.memoryId === m.id).map((e) => e.after?.text);
      expect(texts).toEqual(expect.arrayContaining(['Has two cats, Miso and Tofu.', 'Has three cats.']));
    }
    // The person resolves it in Review on B: the conflict clears everywhere.
    b.edit(m.id, 'Has three cats: Miso, Tofu and Natto.');
    await b.sync();
    await a.sync();
    expect(a.store.conflicts.size + b.store.conflicts.size).toBe(0);
    expect(a.get(m.id).text).toBe('Has three cats: Miso, Tofu and Natto.');
  });

  it('deleted on A while B edits it offline: it goes to Review on both, never silently back', async () => {
    const [a, b] = await devices('A', 'B');
    const m = a.add('Lives in Berlin.');
    await a.sync();
    await b.sync();
    a.trash(m.id);
    b.edit(m.id, 'Lives in Berlin, Kreuzberg.');
    await a.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b]) {
      expect(d.get(m.id).status).toBe('pending');
      expect(d.get(m.id).text).toBe('Lives in Berlin, Kreuzberg.');
      expect(d.store.conflicts.has(m.id)).toBe(true);
    }
  });

  it('a device offline across "Delete everything" wipes when it returns and revives nothing', async () => {
    const [a, b, c] = await devices('A', 'B', 'C');
    const old = a.add('An old secret.');
    await a.sync();
    await b.sync();
    await c.sync();
    c.edit(old.id, 'An old secret, edited offline.'); // C is offline from here
    c.add('Written offline on C.');
    a.store.memories.clear(); // the store's own Delete everything, then the remote one
    await a.resetRemote();
    const fresh = a.add('After the reset.');
    await a.sync();
    const r = await c.sync();
    expect(r.wiped).toBe(true);
    expect(c.store.memories.size).toBe(0);
    await expect(c.sync()).rejects.toBeInstanceOf(NotConnected);
    expect((await b.sync()).wiped).toBe(true);
    await c.connect(NEW_PASSPHRASE);
    await b.connect(NEW_PASSPHRASE);
    await c.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b, c]) expect(d.texts()).toEqual([`${fresh.text} [active]`]);
    // On the server's disk: the key, the end notice, and the new epoch's files; nothing of the old epoch.
    const files = filesOnDisk(join(apache.dir, f));
    expect(files.filter((x) => x.path.startsWith(a.store.state!.epoch))).not.toEqual([]);
    expect(files.every((x) => x.path.startsWith('keys/') || x.path.startsWith(a.store.state!.epoch))).toBe(
      true,
    );
  });

  it('a forged end notice from the storage provider wipes nothing', async () => {
    const [a] = await devices('A');
    a.add('Keep me.');
    await a.sync();
    const epoch = a.store.state!.epoch;
    await a.deps.backend.put(
      `keys/end/${epoch}.age`,
      new TextEncoder().encode('age-encryption.org/v1\nforged'),
    );
    const r = await a.sync();
    expect(r.wiped).toBe(false);
    expect(a.texts()).toEqual(['Keep me. [active]']);
  });

  it('a first sync stopped half way resumes at the next part, fetching nothing twice', async () => {
    const [a] = await devices('A');
    const limits = { partBytes: 40_000, snapshotAfterBytes: 20_000 };
    a.deps.limits = limits;
    const noise = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(600))));
    for (let i = 0; i < 100; i++) a.add(`${i} ${noise()}`);
    const written = await a.sync();
    expect(written.snapshotWritten).toBe(true);
    const b = new Device('B', counting(apacheBackend(apache, f)));
    b.deps.limits = limits;
    await b.connect();
    let applied = 0;
    b.store.beforeApply = () => {
      if (++applied === 2) throw new Error('worker stopped');
    };
    await expect(b.sync()).rejects.toThrow('worker stopped');
    expect(b.store.state!.reading?.done).toBe(1);
    const reading = b.store.state!.reading!;
    expect(reading.parts).toBeGreaterThanOrEqual(3);
    b.store.beforeApply = null;
    const gets = (b.deps.backend as ReturnType<typeof counting>).requests;
    await b.sync();
    expect(b.texts()).toEqual(a.texts());
    expect(b.store.state!.reading).toBeNull();
    expect(Object.keys(b.store.state!.cursors)).toEqual([a.store.state!.device]);
    // Resumed: the listing, then only the parts not yet applied (part 0 was not fetched again).
    const parts =
      b.store.state!.reading === null ? (b.deps.backend as ReturnType<typeof counting>).requests - gets : -1;
    expect(parts).toBe(2 + (reading.parts - 1)); // two listings, then the parts not yet applied
  });

  it('Delete forever: gone on every device, and no remote file still holds its text after compaction', async () => {
    const [a, b] = await devices('A', 'B');
    const secret = a.add('My bank PIN is 4417.');
    a.add('Likes jazz.');
    await a.sync();
    await b.sync();
    b.store.purgeMemory(secret.id);
    await b.sync();
    await a.sync();
    expect(a.store.memories.has(secret.id)).toBe(false);
    expect([...a.store.events.values()].some((e) => e.memoryId === secret.id)).toBe(false);
    expect(a.texts()).toEqual(['Likes jazz. [active]']);
    const identity = a.store.state!.identity;
    const files = filesOnDisk(join(apache.dir, f)).filter((x) => !x.path.startsWith('keys/'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      if (file.path.endsWith('manifest.age')) continue;
      const { lines } = await openLines(identity, new Uint8Array(readFileSync(file.full)));
      expect(JSON.stringify(lines)).not.toContain('4417');
    }
  });
  it('a device that reconnects never makes its old capture win over a newer one made meanwhile', async () => {
    const [a, b] = await devices('A', 'B');
    const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const key = 'chatgpt:c-reconnect';
    const t = (id: string, order: number, text: string) =>
      turn({ key: `${key}:${id}`, conversationKey: key, id, order, text, capturedAt: iso(60_000) });
    a.store.saveCapture(conversation({ key, id: 'c-reconnect', title: 'Trip', updatedAt: iso(60_000) }), [
      t('t1', 0, 'Where should I stay in Lisbon?'),
      t('t2', 1, 'Alfama or Baixa.'),
    ]);
    await a.sync();
    await b.sync();
    // A is disconnected ("Disconnect this device" keeps what it holds); B captures the chat again, newer.
    b.store.saveCapture(
      conversation({ key, id: 'c-reconnect', title: 'Trip to Lisbon', updatedAt: iso(1_000) }),
      [t('t2', 1, 'Alfama or Baixa; Príncipe Real if you want quiet.'), t('t3', 2, 'And for food?')],
    );
    await b.sync();
    // A connects again: a new device id, and everything it holds is sent again, stamped when it last changed.
    await a.connect();
    await a.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b]) {
      expect(d.store.conversations.get(key)?.title).toBe('Trip to Lisbon');
      const turns = [...d.store.turns.values()].filter((x) => x.conversationKey === key);
      expect(turns.sort((x, y) => x.order - y.order).map((x) => x.text)).toEqual([
        'Where should I stay in Lisbon?',
        'Alfama or Baixa; Príncipe Real if you want quiet.',
        'And for food?',
      ]);
    }
    // What A captures after reconnecting is new again and wins as usual.
    a.store.saveCapture(conversation({ key, id: 'c-reconnect', title: 'Lisbon, May', updatedAt: iso(0) }), [
      t('t4', 3, 'Try Time Out Market.'),
    ]);
    await a.sync();
    await b.sync();
    expect(b.store.conversations.get(key)?.title).toBe('Lisbon, May');
    expect(b.store.turns.get(`${key}:t4`)?.text).toBe('Try Time Out Market.');
  });
});
