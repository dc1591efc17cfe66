// Background wiring of the extraction queue (#4): when a conversation settles it becomes a job; chrome.alarms
// wakes the queue; one run at a time per service-worker instance.
import { browser } from 'wxt/browser';
import { conversationKey } from '../../model/keys';
import type { CaptureRequest } from '../../model/messages';
import type { ExtractNowReply } from '../../model/provider';
import { runDueJobs, type QueueEnv } from '../../pipeline/queue';
import { redact } from '../../pipeline/redact';
import { escapeMemoryText } from '../../recall/block';
import { readSettings } from '../../settings';
import { enqueueExtraction, makeDue, releaseOrphans } from '../../store/jobs';
import { countTokens } from '../../tokens';
import { currentFallback, currentProvider } from './current-provider';
import { onAlarm, type Stop } from '../shared/service';

export const ALARM = 'engram-jobs';
/** This instance: a job leased by any other instance is an orphan of a killed worker. */
const OWNER = crypto.randomUUID();

async function wakeAt(iso: string | null): Promise<void> {
  if (!iso) return void (await browser.alarms.clear(ALARM));
  await browser.alarms.create(ALARM, { when: Math.max(Date.parse(iso), Date.now() + 1000) });
}

const env: QueueEnv = {
  owner: OWNER,
  provider: () => currentProvider(),
  fallback: () => currentFallback(),
  settings: readSettings,
  countTokens: (text) => countTokens(escapeMemoryText(text)),
  wakeAt,
};

let running: Promise<number> | null = null;

/** Runs due jobs unless a run is already going; callers share its result. */
export function kick(): Promise<number> {
  running ??= runDueJobs(env)
    // A broken run (storage gone, worker shutting down) must not reject into a message reply; the alarm retries.
    .catch((e: unknown) => (console.warn('Engram: job run failed', redact(String(e)).text), 0))
    .finally(() => (running = null));
  return running;
}

/**
 * The service (../shared/service.ts): at each worker start, jobs leased by a killed worker go back to the queue and
 * due ones run; then the alarm runs them. Needs nothing given: the provider comes from the settings.
 */
export function startQueue(): Stop {
  void releaseOrphans(OWNER)
    .then(() => kick())
    .catch((e: unknown) => console.warn('Engram: releasing orphaned jobs failed', redact(String(e)).text));
  return onAlarm(ALARM, () => void kick());
}

/** "Extract now": every pending job (and the given conversation, queued if it had none) becomes due and runs. */
export async function extractNow(conversationKey?: string): Promise<ExtractNowReply> {
  if (conversationKey) await enqueueExtraction(conversationKey, new Date());
  await makeDue();
  const ran = await kick();
  const provider = await currentProvider();
  return { ran, waiting: provider ? null : { code: 'no-model' } };
}

/** A conversation settles `idleDelaySec` after its last assistant turn (#4). */
export async function afterCapture(req: CaptureRequest, stored: number, idleDelaySec: number): Promise<void> {
  if (stored === 0 || req.turns.at(-1)?.role !== 'assistant') return;
  const key = conversationKey(req.site, req.conversationId);
  await enqueueExtraction(key, new Date(Date.now() + idleDelaySec * 1000));
  await wakeAt(new Date(Date.now() + idleDelaySec * 1000).toISOString());
}

/** Tab closed or navigated away: its conversation settles now. */
export async function settleNow(conversationKey: string): Promise<void> {
  await enqueueExtraction(conversationKey, new Date());
  await kick();
}
