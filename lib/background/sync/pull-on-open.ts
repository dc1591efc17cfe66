// Other devices' changes at the first click (#28): the alarm pulls every 5 minutes, so an edit made on the laptop
// was missing on the desktop until someone pressed "Sync now". When a chat page or one of Engram's pages opens and
// the last pull is older than a minute, a sync starts then. It is never awaited (a preview does not wait for the
// network: what arrives reaches the memory index through the store's change events, ../recall/memory-index.ts), it joins
// a run in progress instead of starting a second, and a failure is quiet: the run records it for the Sync status
// as any run does (./sync-runner.ts).
import { readRun, syncSettings } from '../../store/sync-run';
import { syncWorker } from './sync-env';
import { syncNow, syncRunning } from './sync-runner';

/** A pull older than this is stale when a page opens. */
export const PULL_AFTER_MS = 60_000;

export type PullDecision = 'off' | 'running' | 'fresh' | 'pull';

export interface PullState {
  connected: boolean;
  running: boolean;
  /** When the last sync ended well (ISO), or null. */
  lastSync: string | null;
  /** When this worker last started a pull on a page's opening (epoch ms): a failing storage is not asked again
   * at every page, only once a minute. */
  lastTry: number;
}

export function pullDecision(state: PullState, now: number): PullDecision {
  if (!state.connected) return 'off';
  if (state.running) return 'running';
  const last = Math.max(state.lastTry, state.lastSync ? Date.parse(state.lastSync) : 0);
  return now - last >= PULL_AFTER_MS ? 'pull' : 'fresh';
}

/** A page opened: pulls when the last pull is stale. Resolves at once with what it decided, never with the run. */
export async function pullIfStale(now = Date.now()): Promise<PullDecision> {
  const [settings, run] = await Promise.all([syncSettings.getValue(), readRun()]);
  const worker = syncWorker();
  const decision = pullDecision(
    { connected: settings !== null, running: syncRunning(), lastSync: run.lastSync, lastTry: worker.lastTry },
    now,
  );
  if (decision === 'pull') {
    worker.lastTry = now;
    void syncNow().catch(() => undefined);
  }
  return decision;
}
