// The Dexie SyncPort (#15) between two devices, each with its own database, through a Map backend: what the
// store's own commit paths write reaches the other device, deletes stay deleted, and every index hears it.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MapBackend } from '../../test/helpers/memory-backend';
import { conversation, turn } from '../../test/helpers/records';
import { StoreDevice } from '../../test/helpers/store-device';
import { onStoreChange, type StoreChange } from './changes';
import { saveCapture, getConversation, turnsOf } from './conversations';
import { db, deleteDb } from './db';
import { clearAllData, deleteConversationRows, purgeMemory } from './manage';
import { getMemory, historyOf, listMemories } from './memories';
import { LocalMoved } from '../sync/port';
import { forgetState } from './sync-state';

let backend: MapBackend;
let a: StoreDevice;
let b: StoreDevice;

beforeEach(async () => {
  backend = new MapBackend();
  a = new StoreDevice('A', backend);
  b = new StoreDevice('B', backend);
  await a.connect();
  await b.connect();
});

afterEach(async () => {
  await deleteDb();
  await Dexie.delete('engram-device-A');
  await Dexie.delete('engram-device-B');
  await Dexie.delete('engram-secrets-device-A');
  await Dexie.delete('engram-secrets-device-B');
});

const texts = (d: StoreDevice) =>
  d.run(async () => (await db().memories.toArray()).map((m) => `${m.text} [${m.status}]`).sort());

describe('the Dexie sync port', () => {
  it('a memory and a capture added on A appear on B; an edit on B reaches A', async () => {
    const m = await a.add('Allergic to penicillin.');
    const chat = conversation({ title: 'Trip to Lisbon' });
    await a.run(() => saveCapture({ conversation: chat, turns: [turn({ text: 'Where to stay?' })] }));
    expect((await a.sync()).pushed).toBe(2);
    expect((await b.sync()).pulled).toBeGreaterThan(0);
    expect(await texts(b)).toEqual(['Allergic to penicillin. [active]']);
    expect(await b.run(() => getConversation(chat.key))).toMatchObject({ title: 'Trip to Lisbon' });
    expect((await b.run(() => turnsOf(chat.key))).map((t) => t.text)).toEqual(['Where to stay?']);
    await b.edit(m, 'Allergic to penicillin and amoxicillin.');
    await b.sync();
    await a.sync();
    expect(await texts(a)).toEqual(['Allergic to penicillin and amoxicillin. [active]']);
    expect((await a.run(() => historyOf(m.id))).map((e) => e.op)).toEqual(['add', 'update']);
  });

  it('what arrives is not sent back, and nothing new costs no push', async () => {
    await a.add('Prefers metric units.');
    await a.sync();
    await b.sync();
    expect((await b.sync()).pushed).toBe(0);
    expect(await b.run(() => db().outbox.count())).toBe(0);
  });

  it('a delete on A stays deleted on B after B edits offline: it goes to Review, never silently back', async () => {
    const m = await a.add('Works at Acme.');
    await a.sync();
    await b.sync();
    await a.trash(m);
    await b.edit(m, 'Works at Acme as a nurse.');
    await a.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b]) {
      const row = await d.run(() => getMemory(m.id));
      expect(row?.status).toBe('pending');
      expect(await d.run(() => listMemories('active'))).toEqual([]);
      expect(await d.run(() => db().syncHeads.get(`m:${m.id}`))).toMatchObject({ conflict: true });
    }
  });

  it('Delete forever on A removes the memory and its history on B', async () => {
    const m = await a.add('Lives in Porto.');
    await a.sync();
    await b.sync();
    await a.run(() => purgeMemory(m.id));
    await a.sync();
    await b.sync();
    expect(await b.run(() => getMemory(m.id))).toBeUndefined();
    expect(await b.run(() => historyOf(m.id))).toEqual([]);
  });

  it('a memory deleted forever before it was sent leaves no unsent row naming it, only its purge (#38 item 5)', async () => {
    const m = await a.add('Lives in Braga.');
    await a.run(() => purgeMemory(m.id));
    const rows = await a.run(() => db().outbox.toArray());
    expect(rows.filter((r) => 'memoryId' in r && r.memoryId === m.id).map((r) => r.kind)).toEqual(['purge']);
  });

  it('a conversation deleted on A goes on B with its turns', async () => {
    const chat = conversation();
    await a.run(() => saveCapture({ conversation: chat, turns: [turn()] }));
    await a.sync();
    await b.sync();
    await a.run(() => deleteConversationRows(chat.key));
    await a.sync();
    await b.sync();
    expect(await b.run(() => getConversation(chat.key))).toBeUndefined();
    expect(await b.run(() => turnsOf(chat.key))).toEqual([]);
  });

  it('Delete everything on A empties B, which then needs the passphrase again', async () => {
    await a.add('Has two cats.');
    await a.sync();
    await b.sync();
    await a.run(() => clearAllData());
    expect(await a.run(() => db().syncState.get('reset'))).toBeTruthy();
    await a.resetRemote();
    expect(await a.run(() => db().syncState.get('reset'))).toBeUndefined();
    expect((await b.sync()).wiped).toBe(true);
    expect(await texts(b)).toEqual([]);
    expect((await b.deps.port.loadState())?.ended).toBe(true);
  });

  it('B hears what arrives as store changes, so recall, embeddings and past turns follow', async () => {
    const m = await a.add('Vegetarian.');
    await a.sync();
    const heard: StoreChange[] = [];
    const stop = onStoreChange((c) => heard.push(c));
    await b.sync();
    await a.run(() => purgeMemory(m.id));
    await a.sync();
    await b.sync();
    stop();
    expect(heard.map((c) => c.kind)).toEqual(expect.arrayContaining(['memories', 'memoriesPurged']));
  });

  it('applyRemote writes nothing when a local change to the same record committed after its cursor', async () => {
    const m = await a.add('Runs marathons.');
    await a.sync();
    await b.sync();
    await b.edit(m, 'Runs half marathons.');
    const state = await b.run(() => b.deps.port.loadState());
    const write = { head: { memoryId: m.id, leaves: [], referenced: [], purged: null } };
    const apply = { memories: [{ ...write, memory: null, purge: true, conflict: false, history: [] }] };
    await expect(
      b.run(() => b.deps.port.applyRemote({ ...apply, conversations: [] }, state!)),
    ).rejects.toBeInstanceOf(LocalMoved);
    expect((await b.run(() => getMemory(m.id)))?.text).toBe('Runs half marathons.');
  });

  it('deletes made while disconnected are pushed at the reconnect, not dropped with the reseeded outbox', async () => {
    const chat = conversation({ title: 'Trip to Lisbon' });
    await a.run(() => saveCapture({ conversation: chat, turns: [turn({ text: 'Where to stay?' })] }));
    const m = await a.add('Lives in Porto.');
    await a.sync();
    await b.sync();
    // Disconnect this device (nothing remote is touched), delete, connect again.
    await a.run(() => forgetState(db()));
    await a.run(() => deleteConversationRows(chat.key));
    await a.run(() => purgeMemory(m.id));
    await a.connect();
    await a.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b]) {
      expect(await d.run(() => getConversation(chat.key))).toBeUndefined();
      expect(await texts(d)).toEqual([]);
    }
  });

  it('a device that reconnects sends its memories again without taking them off the others (#25)', async () => {
    const m = await a.add('Lives in Porto.');
    const edited = await a.edit(m, 'Lives in Porto, near the river.');
    await a.sync();
    await b.sync();
    // Reconnecting (and Remove a device, which does the same) sends every event again, as already known here.
    await a.connect();
    await a.sync();
    await b.sync();
    expect(await texts(b)).toEqual([`${edited.text} [active]`]);
    const fresh = new StoreDevice('C', backend);
    await fresh.connect();
    await fresh.sync();
    expect(await texts(fresh)).toEqual([`${edited.text} [active]`]);
    await Dexie.delete('engram-device-C');
    await Dexie.delete('engram-secrets-device-C');
  });

  // A chat both devices hold; A deletes it, then B captures a newer turn and syncs, then A pushes its delete.
  async function deleteThenNewerCaptureElsewhere(disconnect: boolean) {
    const chat = conversation({ title: 'Trip to Lisbon' });
    await a.run(() => saveCapture({ conversation: chat, turns: [turn({ text: 'Where to stay?' })] }));
    await a.sync();
    await b.sync();
    if (disconnect) await a.run(() => forgetState(db()));
    await a.run(() => deleteConversationRows(chat.key));
    await new Promise((r) => setTimeout(r, 20));
    const later = turn({ key: `${chat.key}:t2`, id: 't2', order: 1, text: 'And for food?' });
    const newer = { ...chat, updatedAt: new Date().toISOString() };
    await b.run(() => saveCapture({ conversation: newer, turns: [later] }));
    await b.sync();
    await new Promise((r) => setTimeout(r, 20));
    if (disconnect) await a.connect();
    await a.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b]) {
      expect(await d.run(() => getConversation(chat.key))).toBeDefined();
      // B's capture is newer than the delete, and complete: it holds the first turn too (marked superseded).
      const turns = await d.run(() => turnsOf(chat.key));
      expect(turns.map((t) => t.text)).toEqual(['Where to stay?', 'And for food?']);
    }
  }

  it('a delete made while disconnected is stamped when it was made: it never removes a later capture from another device', () =>
    deleteThenNewerCaptureElsewhere(true));

  it('a delete made offline and pushed later never removes a capture made elsewhere after it', () =>
    deleteThenNewerCaptureElsewhere(false));

  it('keeps the identity out of the main database', async () => {
    const state = await a.run(() => a.deps.port.loadState());
    expect(state?.identity).toMatch(/^AGE-SECRET-KEY-1/);
    const row = await a.run(() => db().syncState.get('state'));
    expect(JSON.stringify(row)).not.toContain('AGE-SECRET-KEY');
  });
});
