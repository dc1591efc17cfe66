// bench:recall's browser half (#28): seeds the extension's own IndexedDB with synthetic memories, imports a
// generated history of past conversations through Options → Data, then times clicks on "Insert memory" until
// the preview frame is ready: warm clicks, and first clicks after a worker stop (CDP ServiceWorker.stopAllWorkers),
// each with the service worker's own marks (lib/background/recall/click-marks.ts) to say where the time went.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { importFile, untilRecalled } from '../../bench/lib/extension';
import { needleOf, writeExport } from '../../bench/lib/history';
import { memories, rng, vocabulary, sentence } from '../../bench/synthetic';
import { CONFIRM_MARK, READY_MARK } from '../../components/preview/frame-recall';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import { fixture, launch, openOptions, servePage, stopServiceWorker, type Harness } from './harness';
import { workerMarks, type Marks } from './worker-marks';
import { clickInsert, HOST, previewDialog, previewFrame } from './preview';

const URL = 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-0000000000b1';
const CAP_S = 900;

function seedRows(count: number) {
  const rand = rng(count);
  const words = vocabulary(20_000, rand);
  const at = '2026-11-01T10:00:00.000Z';
  const rows = memories(count, words, rand).map((m) => ({
    ...m,
    confidence: 1,
    attributedTo: 'user',
    createdAt: at,
    updatedAt: at,
    sources: [],
  }));
  return { rows, words: sentence(words, 12, rand) };
}

/** Epoch ms of a User Timing mark in the frame later than `after`, polled from the frame itself. */
export async function markAfter(
  frame: Frame,
  mark: string,
  after: number,
  timeout = 30_000,
): Promise<number> {
  const handle = await frame.waitForFunction(
    ({ mark, after }) => {
      const at = performance.getEntriesByName(mark).map((e) => performance.timeOrigin + e.startTime);
      return at.find((t) => t > after) ?? false;
    },
    { mark, after },
    { polling: 5, timeout },
  );
  return (await handle.jsonValue()) as number;
}

interface Timing {
  clickedAt: number;
  inPage: number;
  confirm: number;
  /** Did the preview show the past turn the draft asks for (the past tier answered in time)? */
  past: boolean;
  /** Service worker marks, ms after the click. */
  worker?: Marks;
}

/**
 * One real click → ready preview. The preview is a cross-origin extension frame in a closed shadow root, so the
 * page cannot watch it: the page stamps the person's click (the trusted event's own timeStamp, in epoch time),
 * the frame stamps its ready mark (READY_MARK) and the moment its confirm is enabled (CONFIRM_MARK: plainly on
 * screen for VISIBLE_MS, #11) the same way, and the differences are the latencies.
 */
async function timeOneInsert(chat: Page, needle: string): Promise<Timing> {
  await chat.evaluate(() => {
    const w = window as unknown as { clickedAt?: number };
    w.clickedAt = undefined;
    window.addEventListener('click', (e) => (w.clickedAt ??= performance.timeOrigin + e.timeStamp), {
      capture: true,
      once: true,
    });
  });
  await clickInsert(chat);
  const clickedAt = await chat.evaluate(() => (window as unknown as { clickedAt?: number }).clickedAt ?? 0);
  if (!clickedAt) throw new Error('the click did not reach the page');
  const frame = previewFrame(chat);
  const readyAt = await markAfter(frame, READY_MARK, clickedAt);
  const confirmAt = await markAfter(frame, CONFIRM_MARK, clickedAt);
  const lines = await previewDialog(chat).getByRole('listitem').allInnerTexts();
  // Closed as a user would (Escape in the frame), so the next click opens a hidden, booted frame again.
  await chat.keyboard.press('Escape');
  await (await frame.frameElement()).waitForElementState('hidden');
  const past = lines.some((l) => l.includes(needle));
  return { clickedAt, inPage: readyAt - clickedAt, confirm: confirmAt - clickedAt, past };
}

async function seed(h: Harness, memoryCount: number, conversations: number) {
  const options = await openOptions(h);
  const on = { ...DEFAULT_SETTINGS, recall: { ...DEFAULT_SETTINGS.recall, rawTurns: true } };
  await options.evaluate((settings) => chrome.storage.local.set({ settings, onboarded: true }), on);
  const { rows, words } = seedRows(memoryCount);
  await options.evaluate(async (records) => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const req = indexedDB.open('engram');
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
    });
    const tx = db.transaction('memories', 'readwrite');
    for (const r of records) tx.objectStore('memories').put(r);
    await new Promise((ok) => (tx.oncomplete = ok));
    db.close();
  }, rows);
  const needle = needleOf(Math.floor(conversations * 0.61));
  if (conversations > 0) {
    const file = join(tmpdir(), `engram-history-${conversations}-seed13.json`);
    if (!existsSync(file)) await writeExport(file, conversations, 13);
    const started = await importFile(h, options, file, CAP_S);
    await untilRecalled(options, needle.draft, needle.word, started, CAP_S);
  }
  await options.close();
  // The draft asks for a past turn (the needle's) and for memories (made-up words of the synthetic store).
  return { draft: `${needle.draft} ${words}`, needle: needle.word };
}

const r = (n: number) => Math.round(n * 10) / 10;
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return r(s[Math.min(s.length - 1, Math.round(q * (s.length - 1)))] ?? NaN);
};
const stats = (xs: number[]) => ({ p50: quantile(xs, 0.5), p95: quantile(xs, 0.95), runs: xs.length });

/** Medians of each worker mark over these clicks, ms after the click. */
function markMedians(timings: Timing[]): Record<string, number> {
  const names = [...new Set(timings.flatMap((t) => Object.keys(t.worker ?? {})))];
  return Object.fromEntries(
    names.map((n) => [
      n,
      quantile(
        timings.flatMap((t) => t.worker?.[n] ?? []),
        0.5,
      ),
    ]),
  );
}

export async function insertLatency(memoryCount: number, conversations = 2_000, clicks = 15) {
  const h = await launch();
  try {
    const { draft, needle } = await seed(h, memoryCount, conversations);
    await servePage(h.context, URL, fixture('pages/chatgpt-current.html'));
    const chat = await h.context.newPage();
    await chat.goto(URL);
    await chat.locator('#prompt-textarea').click();
    await chat.keyboard.type(draft);
    await chat.locator(HOST).waitFor();
    await timeOneInsert(chat, needle); // the first builds or opens what later clicks reuse: not counted
    const warm: Timing[] = [];
    for (let i = 0; i < clicks; i++) {
      const timing = await timeOneInsert(chat, needle);
      warm.push({ ...timing, worker: await workerMarks(h, timing.clickedAt) });
    }
    const cold: Timing[] = [];
    for (let i = 0; i < clicks; i++) {
      await stopServiceWorker(chat);
      const timing = await timeOneInsert(chat, needle);
      cold.push({ ...timing, worker: await workerMarks(h, timing.clickedAt) });
    }
    return {
      memories: memoryCount,
      conversations,
      warm: {
        clickToReadyMs: stats(warm.map((t) => t.inPage)),
        pastShown: warm.filter((t) => t.past).length,
        workerMarksMs: markMedians(warm),
      },
      cold: {
        clickToReadyMs: stats(cold.map((t) => t.inPage)),
        clickToConfirmMs: stats(cold.map((t) => t.confirm)),
        pastShown: cold.filter((t) => t.past).length,
        workerMarksMs: markMedians(cold),
        each: cold.map((t) => ({ ready: r(t.inPage), ...t.worker })),
      },
    };
  } finally {
    await h.close();
  }
}
