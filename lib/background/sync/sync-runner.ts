// Background wiring of sync (#15): one run at a time per worker, promptly after local changes (coalesced, so a
// capture's burst of writes is one small segment) and on an alarm for what other devices wrote. The engine
// (lib/sync) does the work; the store (lib/store/sync-*.ts) is the only writer of what arrives.
import { browser } from 'wxt/browser';
import { saidOf } from '../../model/problem';
import { endpointLabel, type SyncConnect, type SyncStatus } from '../../model/sync';
import { redact } from '../../pipeline/redact';
import { onStoreChange } from '../../store/changes';
import { heldCounts } from '../../store/sync-apply';
import { countReview } from '../../store/sync-conflicts';
import { reseedOutbox, storeSyncPort } from '../../store/sync-port';
import { forgetSync, readRun, resetDue, syncSettings, unpushed, writeRun } from '../../store/sync-run';
import { connect, sync } from '../../sync/engine';
import { waitingOf } from '../../sync/held';
import { sayProblems } from '../../sync/problems';
import { endHere } from '../../sync/rotate';
import { coalesce } from './push-schedule';
import { peersOf, stoppedOf } from './sync-status';
import { beginSyncWorker, depsOf, type SyncEnv } from './sync-env';
import { onAlarm, stopAll, type Stop } from '../shared/service';

export const SYNC_ALARM = 'engram-sync';
/** Other devices' changes arrive at the latest this often (and at each local change). */
const PERIOD_MINUTES = 5;

let running: Promise<void> | null = null;
let changedMeanwhile = false;
/** Local changes are pushed promptly, a burst as one segment (./push-schedule.ts). */
const pushSoon = coalesce(() => void syncNow());

async function runOnce(): Promise<void> {
  const settings = await syncSettings.getValue();
  if (!settings) return;
  // Settings saved before #25 kept the passphrase: it goes.
  if ('passphrase' in settings) await syncSettings.setValue({ backend: settings.backend });
  const deps = depsOf(settings);
  try {
    // Delete everything here: the end notice goes out now (again, if the network failed); the new key waits for
    // the person's new passphrase. A device that stopped does not sync.
    const r = (await deps.port.loadState())?.resetting;
    if ((await resetDue()) || (r && !r.keyFile && !r.remoteDone)) await endHere(deps);
    if ((await deps.port.loadState())?.ended) return;
    const report = await sync(deps);
    const problems = sayProblems(report.problems);
    await writeRun({ lastSync: new Date().toISOString(), lastError: null, problems });
  } catch (e) {
    // Storage errors may quote a URL with credentials in it: redacted before it is stored or shown.
    const lastError = saidOf(e, (text) => redact(text).text);
    await writeRun({ ...(await readRun()), lastError });
  }
}

/** Runs `step` with no sync beside it: a key change must not race a run that saves the old epoch's state. */
export async function withoutSync<T>(step: () => Promise<T>): Promise<T> {
  pushSoon.cancel();
  while (running) await running;
  const run = step();
  running = run.then(
    () => undefined,
    () => undefined,
  );
  void running.finally(() => (running = null));
  return run;
}

/** Syncs now, or joins the run in progress (a change made during it schedules one more). */
export function syncNow(): Promise<void> {
  pushSoon.cancel();
  running ??= runOnce().finally(() => {
    running = null;
    if (changedMeanwhile) {
      changedMeanwhile = false;
      // What the run wrote itself is not a change to push; only rows left in the outbox are.
      // A store closed meanwhile (Delete everything, a test's end) has nothing to push: no unhandled rejection.
      void unpushed()
        .then((n) => (n > 0 ? pushSoon.touch() : undefined))
        .catch(() => undefined);
    }
  });
  return running;
}

/**
 * The person's Sync now: a run already going may have listed the storage before what they expect to see was
 * written (another device's push a moment ago), so one more run follows it. Joining it had B say "Synced" without
 * A's new memory (sync-devices.e2e under load, 2026-12-07).
 */
export async function syncAfterRunning(): Promise<void> {
  const before = running;
  if (before) await before.catch(() => undefined);
  return syncNow();
}

/** Whether a run is in progress (one started now would join it). */
export const syncRunning = (): boolean => running !== null;

/**
 * The service (../shared/service.ts): sync runs with `env` (./sync-env.ts), after every committed change
 * (lib/store/changes.ts) and on the alarm. The Stop also drops a push still waiting.
 */
export function startSync({ sync: env }: { sync: SyncEnv }): Stop {
  void syncSettings.getValue().then((s) => (s ? ensureAlarm() : undefined));
  return stopAll(
    beginSyncWorker(env),
    onStoreChange(() => {
      if (running) changedMeanwhile = true;
      else pushSoon.touch();
    }),
    onAlarm(SYNC_ALARM, () => void syncNow()),
    () => {
      pushSoon.cancel();
      changedMeanwhile = false;
    },
  );
}

async function ensureAlarm(): Promise<void> {
  if (!(await browser.alarms.get(SYNC_ALARM)))
    await browser.alarms.create(SYNC_ALARM, { periodInMinutes: PERIOD_MINUTES });
}

export async function syncStatus(): Promise<SyncStatus> {
  const settings = await syncSettings.getValue();
  const state = await storeSyncPort()
    .loadState()
    .catch(() => null);
  const run = await readRun();
  return {
    // After another device's Delete everything this one is wiped and joins again with the passphrase.
    connected: settings !== null && state !== null && !state.ended,
    kind: settings?.backend.kind ?? null,
    endpoint: settings ? endpointLabel(settings.backend) : null,
    running: running !== null,
    ...run,
    devices: state ? Object.keys(state.cursors).length + 1 : 0,
    review: await countReview(),
    ended: state?.ended ?? false,
    ...stoppedOf(state),
    peers: peersOf(state),
    waiting: state && !state.ended ? waitingOf(await heldCounts(), state) : [],
  };
}

/**
 * Joins the storage (or sets it up) with the passphrase; a wrong one throws and nothing is saved. Everything this
 * device already holds is pushed at the first sync, which starts now and is not awaited (a large history takes
 * a while; the status shows it running).
 */
export async function connectSync(req: SyncConnect): Promise<SyncStatus> {
  // Not beside a run: one still on the old settings would check the new state against the old storage's key.
  await withoutSync(async () => {
    await connect(depsOf(req), req.passphrase);
    await reseedOutbox();
    await syncSettings.setValue({ backend: req.backend });
    await writeRun({ lastSync: null, lastError: null, problems: [] });
  });
  await ensureAlarm();
  void syncNow();
  return syncStatus();
}

/** Disconnect this device: nothing remote is touched; what is stored here stays. */
export async function disconnectSync(): Promise<void> {
  pushSoon.cancel();
  await running;
  await forgetSync();
  await browser.alarms.clear(SYNC_ALARM);
}
