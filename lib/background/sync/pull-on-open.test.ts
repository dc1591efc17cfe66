// @vitest-environment happy-dom
// A DOM environment here: the sync service names the device from `navigator`, which the service worker has and
// Node 20 has not (vitest.config.ts).
// A page opening pulls other devices' changes when the last pull is older than a minute (#28): never twice at once,
// never awaited by the page, and a failure stays quiet and shows in the sync status.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { withMemoryIndex } from '../../../test/helpers/index-host';
import { ListingBackend } from '../../../test/helpers/memory-backend';
import { deleteDb } from '../../store/db';
import { readRun, writeRun } from '../../store/sync-run';
import { handlers } from '../handlers';
import { connectSync, syncNow, syncRunning, syncStatus } from './sync-runner';
import { DAV_CONNECT as settings, runSync, stopSync } from '../../../test/helpers/sync-service';
import { pullDecision, pullIfStale, PULL_AFTER_MS } from './pull-on-open';

// A chat page's warm-up opens the recall index too.
await withMemoryIndex();

let remote: ListingBackend;
beforeEach(async () => {
  remote = new ListingBackend();
  runSync(() => remote);
  await connectSync(settings);
  await syncNow();
});
afterEach(async () => {
  await stopSync();
  await deleteDb();
});

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const lastPullAgo = async (ms: number) => writeRun({ ...(await readRun()), lastSync: ago(ms) });

describe('the decision', () => {
  const state = { connected: true, running: false, lastSync: null, lastTry: 0 };
  const now = Date.parse('2026-12-02T12:00:00Z');
  test('older than a minute: pull; younger: not; a run in progress or no sync set up: no new run', () => {
    expect(pullDecision({ ...state, lastSync: new Date(now - PULL_AFTER_MS).toISOString() }, now)).toBe(
      'pull',
    );
    expect(pullDecision({ ...state, lastSync: new Date(now - 59_000).toISOString() }, now)).toBe('fresh');
    expect(pullDecision({ ...state, lastSync: null }, now)).toBe('pull');
    expect(pullDecision({ ...state, lastSync: null, lastTry: now - 5_000 }, now)).toBe('fresh');
    expect(pullDecision({ ...state, running: true }, now)).toBe('running');
    expect(pullDecision({ ...state, connected: false }, now)).toBe('off');
  });
});

describe('a page opens', () => {
  test('the last pull older than a minute: a sync runs, and the page is answered before it ends', async () => {
    await lastPullAgo(2 * PULL_AFTER_MS);
    const before = remote.lists;
    expect(await pullIfStale()).toBe('pull');
    expect(syncRunning()).toBe(true);
    await syncNow();
    expect(remote.lists).toBeGreaterThan(before);
    expect(Date.now() - Date.parse((await readRun()).lastSync ?? '')).toBeLessThan(PULL_AFTER_MS);
  });

  test('the last pull younger than a minute: nothing is asked of the storage', async () => {
    await lastPullAgo(20_000);
    const before = remote.lists;
    expect(await pullIfStale()).toBe('fresh');
    expect(syncRunning()).toBe(false);
    expect(remote.lists).toBe(before);
  });

  test('a sync already running: the page joins it, no second run starts', async () => {
    await lastPullAgo(2 * PULL_AFTER_MS);
    const running = syncNow();
    expect(await pullIfStale()).toBe('running');
    await running;
    // Had the page started a run of its own, one would be going now, after the first.
    expect(syncRunning()).toBe(false);
  });

  test('a failing storage: quiet for the page, shown in the sync status, and not asked again within a minute', async () => {
    await lastPullAgo(2 * PULL_AFTER_MS);
    remote.failing = true;
    expect(await pullIfStale()).toBe('pull');
    await syncNow();
    expect((await syncStatus()).lastError).toMatch(/ECONNREFUSED/);
    const before = remote.lists;
    expect(await pullIfStale()).toBe('fresh');
    expect(remote.lists).toBe(before);
  });

  test('a chat page (its warm-up) and an Engram page (syncIfStale) each start it', async () => {
    await lastPullAgo(2 * PULL_AFTER_MS);
    const before = remote.lists;
    await handlers.warmRecall({ ok: true }, {});
    // The warm-up does not wait for the run (it may end first): the storage was asked, with no Sync now pressed.
    await vi.waitFor(() => expect(remote.lists).toBeGreaterThan(before));
    await vi.waitFor(() => expect(syncRunning()).toBe(false));
    await lastPullAgo(2 * PULL_AFTER_MS);
    // A new worker, which has tried nothing yet.
    runSync(() => remote);
    expect(await handlers.syncIfStale({}, { url: 'chrome-extension://engram-test/popup.html' })).toEqual({
      ok: true,
    });
    expect(syncRunning()).toBe(true);
    await syncNow();
  });
});
