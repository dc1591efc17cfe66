// @vitest-environment happy-dom
// The person's Sync now (#33): sync-devices.e2e under load, 2026-12-07 — B's Sync now joined a run begun before
// A's push and said "Synced" without A's memory. (A DOM environment: sync names the device from `navigator`.)
import { afterEach, expect, it, vi } from 'vitest';
import { ListingBackend } from '../../../test/helpers/memory-backend';
import { DAV_CONNECT, runSync, stopSync } from '../../../test/helpers/sync-service';
import { deleteDb } from '../../store/db';
import { syncHandlers } from './sync-handlers';
import { connectSync, syncNow } from './sync-runner';

afterEach(async () => {
  await stopSync();
  await deleteDb();
});

it("the person's Sync now runs again after a run already going, so it reads what was written meanwhile", async () => {
  const held = new ListingBackend();
  runSync(() => held);
  await connectSync(DAV_CONNECT);
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
