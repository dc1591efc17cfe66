// @vitest-environment happy-dom
// The person's Sync now (#33): sync-devices.e2e under load, 2026-12-07 — B's Sync now joined a run begun before
// A's push and said "Synced" without A's memory. (A DOM environment: sync names the device from `navigator`.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MapBackend } from '../../../test/helpers/memory-backend';
import { runSync, stopSync } from '../../../test/helpers/sync-service';
import type { SyncConnect } from '../../model/sync';
import { deleteDb } from '../../store/db';
import { syncHandlers } from './sync-handlers';
import { connectSync, syncNow } from './sync-runner';

const settings: SyncConnect = {
  backend: { kind: 'webdav', url: 'https://dav.example/engram', username: 'me', password: 'dav-secret-1' },
  passphrase: 'correct horse battery staple',
};

let remote: MapBackend;
beforeEach(() => {
  remote = new MapBackend();
  runSync(() => remote);
});
afterEach(async () => {
  await stopSync();
  await deleteDb();
});

/** A storage whose listings count, and wait while held: a run the background started stays running meanwhile. */
class HeldBackend extends MapBackend {
  hold: Promise<void> | null = null;
  lists = 0;
  override async list(folder: string) {
    this.lists += 1;
    await this.hold;
    return super.list(folder);
  }
}

describe("the person's Sync now", () => {
  it('runs again after a run already going, so it reads what was written meanwhile', async () => {
    const held = new HeldBackend();
    remote = held; // the service's storage is `remote` (beforeEach)
    await connectSync(settings);
    await syncNow();
    const first = held.lists;
    await syncNow();
    const perRun = held.lists - first;
    let release = () => {};
    held.hold = new Promise((r) => (release = r));
    const base = held.lists;
    const started = syncNow();
    await vi.waitFor(() => expect(held.lists).toBe(base + 1));
    const clicked = syncHandlers.syncNow({}, { url: 'chrome-extension://x/options.html' });
    held.hold = null;
    release();
    await Promise.all([started, clicked]);
    expect(held.lists - base).toBe(2 * perRun);
  });
});
