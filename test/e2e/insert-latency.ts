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
import { describeLoad, machineLoad, median, say, spread } from '../../bench/lib/measure';

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

export interface Timing {
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

/** Medians of each worker mark over these clicks, ms after the click. */
function markMedians(timings: Timing[]): Record<string, number> {
  const names = [...new Set(timings.flatMap((t) => Object.keys(t.worker ?? {})))];
  return Object.fromEntries(names.map((n) => [n, r(median(timings.flatMap((t) => t.worker?.[n] ?? [])))]));
}

/** Where CPU profiles of each timed click go (bench:recall --profile DIR), or nowhere. */
async function profiler(h: Harness, dir: string | undefined) {
  if (!dir) return null;
  const { CdpProfiles } = await import('../../bench/lib/cdp-profiles');
  const ours = (url: string) =>
    url === '' || url.startsWith(`chrome-extension://${h.extensionId}/`) || url.startsWith(URL);
  return CdpProfiles.connect(h.userDataDir, (t) => t.type !== 'browser_ui' && ours(t.url));
}

export interface InsertOptions {
  /** Rounds of `clicks` warm clicks then `clicks` clicks after a worker stop (3 × 5 by default). */
  rounds?: number;
  clicks?: number;
  /** CPU profiles of every extension context, one set per click (one round of 5 and 5, no stressed rounds). */
  profileDir?: string;
  /** Starts extra load beside the browser for a second set of rounds (bench:recall: stress-ng --cpu 1). */
  stress?: () => { stop: () => void } | { missing: string };
}

export type Clicker = (kind: 'warm' | 'cold', i: number) => Promise<Timing>;

export function summary(clicks: Timing[], rounds: Timing[][]) {
  return {
    clickToReadyMs: spread(clicks.map((t) => t.inPage)),
    perRoundMedianMs: rounds.map((x) => r(median(x.map((t) => t.inPage)))),
    clickToConfirmMs: spread(clicks.map((t) => t.confirm)),
    pastShown: `${clicks.filter((t) => t.past).length} of ${clicks.length}`,
    workerMarksMs: markMedians(clicks),
  };
}

/** Rounds of warm clicks then clicks after a worker stop, with the machine's load before and after each. */
async function rounds(click: Clicker, count: number, clicks: number) {
  const warm: Timing[][] = [];
  const cold: Timing[][] = [];
  const load: string[] = [];
  for (let round = 0; round < count; round++) {
    const before = describeLoad(machineLoad());
    warm.push([]);
    cold.push([]);
    for (let i = 0; i < clicks; i++) warm.at(-1)!.push(await click('warm', round * clicks + i));
    for (let i = 0; i < clicks; i++) cold.at(-1)!.push(await click('cold', round * clicks + i));
    load.push(`round ${round + 1}: before ${before}; after ${describeLoad(machineLoad())}`);
  }
  return { load, warm: summary(warm.flat(), warm), cold: summary(cold.flat(), cold) };
}

async function openChat(h: Harness, draft: string): Promise<Page> {
  await servePage(h.context, URL, fixture('pages/chatgpt-current.html'));
  const chat = await h.context.newPage();
  await chat.goto(URL);
  await chat.locator('#prompt-textarea').click();
  await chat.keyboard.type(draft);
  await chat.locator(HOST).waitFor();
  return chat;
}

export interface ClickSession {
  click: Clicker;
  close(): Promise<void>;
}

/**
 * A seeded browser with a chat open and its first click made (it builds or opens what later clicks reuse: not
 * counted), ready to time clicks; `extensionPath` runs another build (bench:recall-ab, two builds side by side).
 */
export async function clickSession(
  memoryCount: number,
  conversations: number,
  { profileDir, extensionPath }: { profileDir?: string; extensionPath?: string } = {},
): Promise<ClickSession> {
  const h = await launch({ extensionPath, ...(profileDir ? { args: ['--remote-debugging-port=0'] } : {}) });
  const profiles = await profiler(h, profileDir).catch(async (e: unknown) => {
    await h.close();
    throw e;
  });
  const close = async () => {
    profiles?.close();
    await h.close();
  };
  try {
    const { draft, needle } = await seed(h, memoryCount, conversations);
    const chat = await openChat(h, draft);
    await timeOneInsert(chat, needle);
    const click: Clicker = async (kind, i) => {
      if (kind === 'cold') await stopServiceWorker(chat);
      await profiles?.start();
      const timing = await timeOneInsert(chat, needle);
      if (profiles && profileDir) await profiles.stop(profileDir, `${kind}-${i}`);
      return { ...timing, worker: await workerMarks(h, timing.clickedAt) };
    };
    return { click, close };
  } catch (e) {
    await close();
    throw e;
  }
}

export async function insertLatency(memoryCount: number, conversations = 2_000, options: InsertOptions = {}) {
  const dir = options.profileDir;
  const session = await clickSession(memoryCount, conversations, { profileDir: dir });
  try {
    const [count, clicks] = dir ? [1, 5] : [options.rounds ?? 3, options.clicks ?? 5];
    const out: Record<string, unknown> = { memories: memoryCount, conversations };
    out.idle = await rounds(session.click, count, clicks);
    const stress = options.stress?.();
    if (stress && 'missing' in stress) out.underStress = `skipped: ${stress.missing}`;
    else if (stress)
      try {
        out.underStress = await rounds(session.click, count, clicks);
      } finally {
        stress.stop();
      }
    return out;
  } finally {
    await session.close();
  }
}

const line = (s: ReturnType<typeof summary>, name: string) =>
  `  ${name}: click → ready preview p50 ${say(s.clickToReadyMs)}, p95 ${s.clickToReadyMs.p95} ms; ` +
  `round medians ${s.perRoundMedianMs.join(' / ')} ms; past turn shown ${s.pastShown}\n` +
  `    service worker marks, ms after the click (median): ${Object.entries(s.workerMarksMs)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`;

/** bench:recall's text for these figures. */
export function printInsert(result: unknown): void {
  const res = result as Record<string, unknown>;
  const conditions = [
    ['idle', 'as the machine was'],
    ['underStress', 'with stress-ng --cpu 1 beside the browser'],
  ] as const;
  console.log(
    `\n"Insert memory" in Chromium, ${String(res.memories)} memories, ${String(res.conversations)} imported ` +
      'conversations; targets p50 ≤ 60 ms warm, ≤ 150 ms after a worker stop (#39)',
  );
  for (const [key, title] of conditions) {
    const c = res[key] as Awaited<ReturnType<typeof rounds>> | string | undefined;
    if (c === undefined) continue;
    if (typeof c === 'string') {
      console.log(`${title}: ${c}`);
      continue;
    }
    console.log(`${title}:\n  ${c.load.join('\n  ')}`);
    console.log(`${line(c.warm, 'warm')}\n${line(c.cold, 'after a worker stop')}`);
  }
}
