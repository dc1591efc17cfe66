// @vitest-environment happy-dom
// A DOM environment here: the sync service names the device from `navigator`, which the service worker has and
// Node 20 has not (vitest.config.ts).
// Background sync wiring (#15): connect keeps credentials where pages cannot read them, changes are pushed,
// Delete everything resets the remote at the next sync, Disconnect touches nothing remote, and the messages
// answer extension pages only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { MapBackend } from '../../../test/helpers/memory-backend';
import { memory, event } from '../../../test/helpers/records';
import { backgroundProtocol } from '../../messaging/background';
import { db, deleteDb } from '../../store/db';
import { clearAllData } from '../../store/manage';
import { writeMemory } from '../../store/memories';
import { syncSettings } from '../../store/sync-run';
import { Device, NEW_PASSPHRASE, PASSPHRASE } from '../../../test/helpers/sync';
import { connectSync, disconnectSync, SYNC_ALARM, syncNow, syncStatus } from './sync-runner';
import { DAV_CONNECT as settings, runSync, stopSync } from '../../../test/helpers/sync-service';
import { rotateSync } from './rotate-key';

let remote: MapBackend;
beforeEach(() => {
  remote = new MapBackend();
  runSync(() => remote);
});
afterEach(async () => {
  await stopSync();
  await deleteDb();
});

const logs = () => [...remote.files.keys()].filter((p) => p.includes('/log-'));

describe('background sync', () => {
  it('connects, pushes what this device holds, and reports the status without credentials', async () => {
    await writeMemory(memory(), event());
    const status = await connectSync(settings);
    await syncNow();
    expect(status).toMatchObject({ connected: true, kind: 'webdav', endpoint: 'https://dav.example/engram' });
    expect(logs()).toHaveLength(1);
    const after = await syncStatus();
    expect(after.lastSync).not.toBeNull();
    expect(after).toMatchObject({ lastError: null, devices: 1, review: 0, ended: false });
    expect(JSON.stringify(after)).not.toMatch(/dav-secret-1|correct horse/);
    expect(await browser.alarms.get(SYNC_ALARM)).toBeTruthy();
  });

  it('keeps the storage password and the passphrase out of the main database and chrome.storage', async () => {
    await connectSync(settings);
    await syncNow();
    const rows = JSON.stringify(await db().syncState.toArray());
    const storage = JSON.stringify(await browser.storage.local.get(null));
    for (const dump of [rows, storage]) expect(dump).not.toMatch(/dav-secret-1|correct horse|AGE-SECRET/);
    // The storage credentials are kept where pages cannot read them; the passphrase nowhere (#25).
    expect(await syncSettings.getValue()).toEqual({ backend: settings.backend });
  });

  it('a wrong passphrase saves nothing', async () => {
    await connectSync(settings);
    await syncNow();
    await disconnectSync();
    await expect(connectSync({ ...settings, passphrase: 'wrong' })).rejects.toMatchObject({
      problem: { code: 'wrong-passphrase' },
    });
    expect(await syncSettings.getValue()).toBeNull();
    expect((await syncStatus()).connected).toBe(false);
  });

  it('Delete everything here resets the remote at the next sync: a new epoch, the old one ended', async () => {
    await writeMemory(memory(), event());
    await connectSync(settings);
    await syncNow();
    const before = [...remote.files.keys()];
    await clearAllData();
    await syncNow();
    const after = [...remote.files.keys()];
    expect(after.some((p) => p.startsWith('keys/end-'))).toBe(true);
    expect(after.filter((p) => before.includes(p) && p.includes('/log-'))).toEqual([]);
    expect(await db().syncState.get('reset')).toBeUndefined();
    expect((await syncStatus()).lastError).toBeNull();
  });

  it('Delete everything: the new key takes a new passphrase; a device that knows only the old one opens nothing after (#25)', async () => {
    await connectSync(settings);
    const before = memory({ text: 'Before the reset.' });
    await writeMemory(before, event({ after: before }));
    await syncNow();
    await clearAllData();
    await syncNow();
    // The old epoch is ended at once; this device waits for the passphrase the person sets.
    expect([...remote.files.keys()].some((p) => p.startsWith('keys/end-'))).toBe(true);
    expect(await syncStatus()).toMatchObject({ stopped: 'reset-here', lastError: null });
    await expect(rotateSync({ passphrase: settings.passphrase })).rejects.toMatchObject({
      problem: { code: 'same-passphrase' },
    });
    await expect(rotateSync({ passphrase: 'short' })).rejects.toMatchObject({
      problem: { code: 'weak-passphrase', fault: 'short', length: 5 },
    });
    await rotateSync({ passphrase: NEW_PASSPHRASE });
    const after = memory({ id: 'm-after', text: 'Written after the reset.' });
    await writeMemory(after, event({ id: 'e-after', memoryId: after.id, after }));
    await syncNow();
    expect(await syncStatus()).toMatchObject({ stopped: null, connected: true, lastError: null });
    // A lost laptop that knew the old passphrase, and one that is told the new one.
    await expect(new Device('lost', remote).connect(PASSPHRASE)).rejects.toMatchObject({
      problem: { code: 'wrong-passphrase' },
    });
    const told = new Device('told', remote);
    await told.connect(NEW_PASSPHRASE);
    await told.sync();
    expect(told.texts()).toEqual(['Written after the reset. [active]']);
  });

  it("Delete everything's end notice goes out at the next sync when the network failed the first time (#25)", async () => {
    await connectSync(settings);
    await syncNow();
    let fail = true;
    runSync(() => ({
      ...{ list: (f) => remote.list(f), get: (p) => remote.get(p), delete: (p) => remote.delete(p) },
      put: (p, b) =>
        fail && p.startsWith('keys/end-') ? Promise.reject(new Error('offline')) : remote.put(p, b),
    }));
    await clearAllData();
    await syncNow();
    const ended = () => [...remote.files.keys()].some((p) => p.startsWith('keys/end-'));
    expect(ended()).toBe(false);
    expect((await syncStatus()).lastError).toMatch(/offline/);
    fail = false;
    await syncNow();
    expect(ended()).toBe(true);
    expect(await syncStatus()).toMatchObject({ stopped: 'reset-here' });
  });

  it('Disconnect this device touches nothing remote and forgets the settings', async () => {
    await writeMemory(memory(), event());
    await connectSync(settings);
    await syncNow();
    const files = new Map(remote.files);
    await disconnectSync();
    expect(remote.files).toEqual(files);
    expect(await syncSettings.getValue()).toBeNull();
    expect(await syncStatus()).toMatchObject({ connected: false, endpoint: null });
    expect(await browser.alarms.get(SYNC_ALARM)).toBeFalsy();
    expect(await db().memories.count()).toBe(1);
  });

  it('a storage failure is kept as the last error, with credentials redacted', async () => {
    await connectSync(settings);
    await syncNow();
    runSync(() => ({
      ...remote,
      list: () => Promise.reject(new Error('GET https://me:dav-secret-1@dav.example/engram: 503')),
      get: (p) => remote.get(p),
      put: (p, b) => remote.put(p, b),
      delete: (p) => remote.delete(p),
    }));
    await syncNow();
    const status = await syncStatus();
    expect(status.lastError).toMatch(/503/);
    expect(status.lastError).not.toContain('dav-secret-1');
  });

  it('answers extension pages only', () => {
    for (const name of ['syncConnect', 'syncNow', 'getSyncStatus', 'syncDisconnect'] as const)
      expect(backgroundProtocol[name].callers).toEqual(['extension']);
  });
});
