// The offscreen document (Chrome): the background's host for the local model (#4) and the past-turn index's
// worker (#13), which need a longer life than the service worker's and, for the index, synchronous OPFS access.
// Created once, on the first need of either; each asks it through `askOffscreen`, and a failure says which of
// the two it held up (a past-index failure once told the person to choose an API provider).
import type { GetDataType, GetReturnType } from '@webext-core/messaging';
import { browser } from 'wxt/browser';
import { ProblemError } from '../../model/problem';
import { sendToOffscreen, type OffscreenMap, type OffscreenType } from '../../messaging/offscreen';

const DOCUMENT = '/offscreen.html';

/** What each message's document hosts: a browser without offscreen documents (Firefox) is told which (#37). */
const HOST: Record<OffscreenType, 'model' | 'past' | 'agents'> = {
  webllmPrepare: 'model',
  webllmComplete: 'model',
  webllmDownload: 'model',
  webllmRemove: 'model',
  webllmEmbed: 'model',
  pastIndex: 'past',
  // Firefox's background page holds the desktop apps' sockets itself (lib/background/agents/agent-links.ts).
  agentsConfigure: 'agents',
};

/** Whether this browser has offscreen documents (Chrome), where the longer-lived work goes. */
export const hasOffscreen = (): boolean => !!(globalThis as { chrome?: typeof chrome }).chrome?.offscreen;

/** Whether the document is open now, without opening it. */
export async function offscreenOpen(): Promise<boolean> {
  return hasOffscreen() && (await chrome.offscreen.hasDocument());
}

let creating: Promise<void> | undefined;

async function ensureOffscreen(type: OffscreenType): Promise<void> {
  const offscreen = (globalThis as { chrome?: typeof chrome }).chrome?.offscreen;
  if (!offscreen) throw new ProblemError({ code: 'no-offscreen', host: HOST[type] });
  if (await offscreen.hasDocument()) return;
  // Two first callers at once (a warm-up and a model load) must not both create it: Chrome allows one.
  creating ??= offscreen.createDocument({
    url: browser.runtime.getURL(DOCUMENT),
    reasons: [offscreen.Reason.WORKERS],
    justification:
      'Runs the local model the user chose (WebGPU) and the on-disk index of past chats, and holds the loopback connections to the desktop apps the user paired, outside the short-lived service worker.',
  });
  try {
    await creating;
  } catch (e) {
    const detail = String(e).slice(0, 500);
    throw new ProblemError({ code: 'offscreen-failed', host: HOST[type], detail }, { cause: e });
  } finally {
    creating = undefined;
  }
}

/** Each ask's check that the document is there, one after another: asks leave in the order they were made. */
let turn: Promise<unknown> = Promise.resolve();

/**
 * Creates the document when it is not there yet, then asks it. Asks are sent in the order they were made (the
 * index's worker answers them in the order they arrive): a click's past query goes ahead of its memory query
 * (lib/background/recall/preview-recall.ts, #39), though the browser may answer the two checks in either order.
 */
export function askOffscreen<K extends OffscreenType>(
  type: K,
  data: GetDataType<OffscreenMap[K]>,
): Promise<GetReturnType<OffscreenMap[K]>> {
  const there = turn.then(() => ensureOffscreen(type));
  const reply = there.then(() => sendToOffscreen(type, data));
  turn = there.catch(() => undefined);
  return reply;
}
