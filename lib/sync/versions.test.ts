// Two Engram versions on one storage (#38, item 4): a newer one that knows a site ("poe") and a memory field
// ("lang") this one does not. The reader is this release's engine; the newer writer is the same engine loaded with
// a site list and a Memory schema that know them. The reader keeps syncing everything else, says how many changes
// wait for an update and from which device, passes the held ones on in its snapshots, and loses nothing when it
// updates.
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { MapBackend } from '../../test/helpers/memory-backend';
import { Device } from '../../test/helpers/sync';
import { conversation, event, memory, turn } from '../../test/helpers/records';
import type { Conversation, Memory, Turn } from '../model/records';
import type { EngineDeps } from './engine';
import { openJson, openLines } from './files';
import { HeldLine, SnapLine, SnapManifest } from './format';
import { manifestPath, partPath, readListing } from './layout';
import type { SyncState } from './port';
import { countByDevice, waitingOf } from './held';
import { MemoryStore } from './memory-port';

const CURRENT = '0.1.0';
const NEWER = '0.2.0';
const AT = '2026-12-01T10:00:00.000Z';

/** The engine as a newer Engram loads it: its site list has one more site, its Memory one more field. */
async function newerEngram() {
  vi.resetModules();
  vi.doMock('../model/site-hosts', async (original) => {
    const m = await original<typeof import('../model/site-hosts')>();
    const site = { site: 'poe', hosts: ['poe.com'] };
    return { ...m, SITE_IDS: [...m.SITE_IDS, 'poe'], SITE_HOSTS: { ...m.SITE_HOSTS, poe: site.hosts } };
  });
  vi.doMock('../model/records', async (original) => {
    const m = await original<typeof import('../model/records')>();
    const Memory = z.extend(m.Memory, { lang: z.optional(z.string()) });
    const MemoryEvent = z.extend(m.MemoryEvent, { before: z.nullable(Memory), after: z.nullable(Memory) });
    return { ...m, Memory, MemoryEvent };
  });
  const engine = await import('./engine');
  const port = await import('./memory-port');
  vi.doUnmock('../model/site-hosts');
  vi.doUnmock('../model/records');
  vi.resetModules();
  return { ...engine, MemoryStore: port.MemoryStore };
}

type Newer = Awaited<ReturnType<typeof newerEngram>>;

/**
 * The reader's snapshot, as a reader from before #38 sees it: the manifest's `parts` hold only merged state it
 * knows; the held lines are in one more part that the manifest counts apart (`held`), which such a reader skips.
 */
async function expectReadableBefore38(remote: MapBackend, state: SyncState) {
  const files = [...remote.files.keys()].map((path) => ({ path, size: 0 }));
  const snap = readListing(files, state.epoch).snapshots.at(-1)!;
  const open = async (path: string) => openLines(state.identity, remote.files.get(path)!);
  const m = SnapManifest.parse(
    await openJson(state.identity, remote.files.get(manifestPath(state.epoch, snap))!),
  );
  expect(m).toMatchObject({ by: CURRENT, held: 1 });
  for (let part = 0; part < m.parts; part++)
    for (const line of (await open(partPath(state.epoch, snap, part))).lines) SnapLine.parse(line);
  const held = await open(partPath(state.epoch, snap, m.parts));
  expect(held.lines.map((l) => HeldLine.parse(l).line)).toHaveLength(2);
}

/** A device running the newer Engram: the real engine, newer schemas. */
function newerDevice(
  engram: Newer,
  remote: MapBackend,
  deviceName: string,
  store = new engram.MemoryStore(),
) {
  const deps: EngineDeps = { backend: remote, port: store, scryptLogN: 10, version: NEWER, deviceName };
  return {
    store,
    connect: () => engram.connect(deps, 'correct horse battery staple'),
    sync: () => engram.sync(deps),
  };
}

const poeChat = conversation({
  key: 'poe:c9',
  site: 'poe' as Conversation['site'],
  id: 'c9',
  url: 'https://poe.com/chat/c9',
  title: 'Bees on Poe',
});
const poeTurn = turn({ key: 'poe:c9:t1', conversationKey: 'poe:c9', text: 'How do bees dance?' });
const withLang = { ...memory({ id: 'lang', text: 'Speaks Portuguese at home.' }), lang: 'pt' } as Memory;

function writeNewer(store: MemoryStore) {
  const plain = memory({ id: 'plain', text: 'Keeps bees.', createdAt: AT, updatedAt: AT });
  store.writeMemory(plain, event({ id: 'ev-plain', memoryId: 'plain', after: plain, at: AT }));
  store.writeMemory(withLang, event({ id: 'ev-lang', memoryId: 'lang', after: withLang, at: AT }));
  store.saveCapture(poeChat, [poeTurn as Turn]);
}

describe('a newer Engram on the same storage (#38)', () => {
  it('the older reader syncs everything else, says what waits for an update, and loses nothing when it updates', async () => {
    const engram = await newerEngram();
    const remote = new MapBackend();
    const reader = new Device('reader', remote);
    reader.deps.version = CURRENT;
    await reader.connect();
    const writer = newerDevice(engram, remote, 'Firefox on Mac');
    await writer.connect();
    writeNewer(writer.store);
    await writer.sync();

    const report = await reader.sync();
    expect(report.problems).toEqual([]);
    expect(reader.texts()).toEqual(['Keeps bees. [active]']);
    expect(reader.store.conversations.size).toBe(0);
    const waiting = waitingOf(countByDevice(await reader.store.heldLines()), reader.store.state);
    expect(waiting).toEqual([{ id: writer.store.state!.device, name: 'Firefox on Mac', count: 2 }]);

    // The writer's device is not stopped: what it writes next that this reader knows arrives as before.
    const later = memory({ id: 'later', text: 'Visits Porto in May.' });
    writer.store.writeMemory(later, event({ id: 'ev-later', memoryId: 'later', after: later }));
    await writer.sync();
    await reader.sync();
    expect(reader.texts()).toEqual(['Keeps bees. [active]', 'Visits Porto in May. [active]']);

    // The reader writes a snapshot: a third device on the newer Engram reads the held lines from it, field intact.
    reader.add('Drinks green tea.');
    reader.deps.limits = { snapshotAfterBytes: 0 };
    expect((await reader.sync()).snapshotWritten).toBe(true);
    await expectReadableBefore38(remote, reader.store.state!);
    const third = newerDevice(engram, remote, 'Edge on Windows');
    await third.connect();
    await third.sync();
    expect(third.store.memories.get('lang')).toEqual(withLang);
    expect(third.store.conversations.get('poe:c9')).toEqual(poeChat);

    // The reader updates: the held lines are read, unknown field and site intact, and nothing waits any more.
    const updated = newerDevice(engram, remote, 'Chrome on Linux', reader.store);
    await updated.sync();
    expect(reader.store.memories.get('lang')).toEqual(withLang);
    expect(reader.store.conversations.get('poe:c9')).toEqual(poeChat);
    expect(reader.store.turns.get('poe:c9:t1')).toEqual(poeTurn);
    expect(await reader.store.heldLines()).toEqual([]);
  });
});
