// `npm run bench:past [-- 200 2000 5000]` (#13): "Include past turns" at a real user's scale, in Debian Chromium
// with the built extension, every request routed or aborted. Per size, a fresh profile imports a generated
// ChatGPT export (bench/lib/history.ts) through Options → Data → Import and the bench prints: import time until
// the report, and until a needle turn is recallable (fully indexed); disk used (navigator.storage.estimate delta
// and OPFS bytes, against the raw turn text); the service worker's JS heap (CDP Runtime.getHeapUsage after a GC);
// capture → searchable on a routed chat page; and click → ready preview, warm and after a worker restart (CDP
// ServiceWorker.stopAllWorkers). It measures only through the UI and the extension's own messages, so it runs
// against whichever past-turn engine the build holds. Long waits are capped and printed as "timed out after N s".
import { existsSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { ask, importFile, TimedOut, timedOut, untilRecalled as recalledWithin } from './lib/extension';
import { needleOf, textChars, writeExport } from './lib/history';
import { READY_MARK } from '../components/preview/frame-recall';
import { DEFAULT_SETTINGS } from '../lib/model/settings';
import {
  fixture,
  launch,
  openOptions,
  servePage,
  stopServiceWorker,
  type Harness,
} from '../test/e2e/harness';
import { markAfter } from '../test/e2e/insert-latency';
import { clickInsert, previewDialog, previewFrame } from '../test/e2e/preview';
import { chatgpt, serveSite } from '../test/e2e/sites';

const SEED = 13;
const CAP_S = Number(process.env.BENCH_PAST_CAP_S ?? 300);
const CLICKS = Number(process.env.BENCH_PAST_CLICKS ?? 10);
const sizes = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const SIZES = sizes.length ? sizes : [200, 2000];

async function workerHeapMb(h: Harness): Promise<number | string> {
  const port = readFileSync(join(h.userDataDir, 'DevToolsActivePort'), 'utf8').split('\n')[0];
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const target = await browser.waitForTarget(
      (t) => t.type() === 'service_worker' && t.url().startsWith(`chrome-extension://${h.extensionId}/`),
      { timeout: 10_000 },
    );
    const cdp = await target.createCDPSession();
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    await cdp.detach();
    return Math.round((usedSize / 2 ** 20) * 10) / 10;
  } catch (e) {
    return `n/a (${e instanceof Error ? e.message.slice(0, 60) : String(e)})`;
  } finally {
    await browser.disconnect();
  }
}

/** Bytes in the extension's origin-private file system (where an on-disk index would live). */
const opfsBytes = (page: Page) =>
  page.evaluate(async () => {
    const walk = async (dir: FileSystemDirectoryHandle): Promise<number> => {
      let n = 0;
      for await (const entry of (dir as unknown as { values(): AsyncIterable<FileSystemHandle> }).values())
        n +=
          entry.kind === 'file'
            ? (await (entry as FileSystemFileHandle).getFile()).size
            : await walk(entry as FileSystemDirectoryHandle);
      return n;
    };
    return walk(await navigator.storage.getDirectory()).catch(() => 0);
  });
const usage = (page: Page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);

/** One click → ready preview (the frame's READY_MARK against the click's own timeStamp); null on the cap. */
async function timeInsert(chat: Page, word: string): Promise<{ ms: number; matched: boolean }> {
  await chat.evaluate(() => {
    const w = window as unknown as { clickedAt?: number };
    w.clickedAt = undefined;
    addEventListener('click', (e) => (w.clickedAt ??= performance.timeOrigin + e.timeStamp), {
      capture: true,
      once: true,
    });
  });
  await clickInsert(chat);
  const clickedAt = await chat.evaluate(() => (window as unknown as { clickedAt?: number }).clickedAt ?? 0);
  const frame = previewFrame(chat);
  let readyAt: number;
  try {
    readyAt = await markAfter(frame, READY_MARK, clickedAt, CAP_S * 1000);
  } catch {
    throw new TimedOut(timedOut(CAP_S * 1000));
  }
  const lines = await previewDialog(chat).getByRole('listitem').allInnerTexts();
  await chat.keyboard.press('Escape');
  await (await frame.frameElement()).waitForElementState('hidden');
  return { ms: readyAt - clickedAt, matched: lines.some((l) => l.includes(word)) };
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.round(q * (s.length - 1)))] ?? NaN;
};
const summary = (xs: { ms: number; matched: boolean }[]) =>
  `p50 ${quantile(
    xs.map((x) => x.ms),
    0.5,
  ).toFixed(0)} / p95 ${quantile(
    xs.map((x) => x.ms),
    0.95,
  ).toFixed(0)} ms (${xs.length} runs, ${xs.filter((x) => x.matched).length} showed the turn)`;

/** Runs a step; a cap or failure becomes the row's text instead of ending the bench. */
async function step(row: Record<string, string>, key: string, run: () => Promise<string>): Promise<void> {
  try {
    row[key] = await run();
  } catch (e) {
    row[key] =
      e instanceof TimedOut ? e.message : `failed: ${e instanceof Error ? e.message.split('\n')[0] : e}`;
  }
  console.log(`  ${key}: ${row[key]}`);
}

const untilRecalled = (page: Page, draft: string, word: string, since: number) =>
  recalledWithin(page, draft, word, since, CAP_S);

async function importAndIndex(
  h: Harness,
  options: Page,
  file: string,
  n: number,
  row: Record<string, string>,
) {
  const target = needleOf(Math.floor(n * 0.37));
  let started = Date.now();
  await step(row, 'import, report shown', async () => {
    started = await importFile(h, options, file, CAP_S);
    return `${((Date.now() - started) / 1000).toFixed(1)} s`;
  });
  await step(row, 'import, fully indexed', async () => {
    const ms = await untilRecalled(options, target.draft, target.word, started);
    return `${(ms / 1000).toFixed(1)} s (a needle turn is recalled)`;
  });
}

async function captureToSearchable(h: Harness, options: Page, row: Record<string, string>) {
  const id = 'b3a7c0de-1111-4000-8000-000000000001';
  const word = 'quembrolix';
  chatgpt.conversations.set(id, {
    mode: 'ok',
    turns: [
      { id: 'cap-u1', role: 'user', text: `My cousin ${word} restores old sailing boats in Gdańsk.` },
      { id: 'cap-a1', role: 'assistant', text: 'That sounds like a lovely craft.' },
    ],
  });
  await serveSite(h.context, chatgpt);
  await servePage(h.context, chatgpt.url(id), fixture('pages/chatgpt-current.html'));
  const chat = await h.context.newPage();
  const started = Date.now();
  await chat.goto(chatgpt.url(id));
  await step(row, 'capture → searchable', async () => {
    const ms = await untilRecalled(options, `What does ${word} restore?`, word, started);
    return `${ms} ms (from the chat page opening)`;
  });
  await chat.close();
}

async function insertTimings(h: Harness, n: number, row: Record<string, string>) {
  const target = needleOf(Math.floor(n * 0.61));
  const url = 'https://chatgpt.com/c/b3a7c0de-2222-4000-8000-000000000002';
  await servePage(h.context, url, fixture('pages/chatgpt-current.html'));
  const chat = await h.context.newPage();
  await chat.goto(url);
  await chat.locator('#prompt-textarea').click();
  await chat.keyboard.type(target.draft);
  await step(row, 'insert → preview, warm', async () => {
    await timeInsert(chat, target.word); // the first may build what later ones reuse: not counted
    const warm = [];
    for (let i = 0; i < CLICKS; i++) warm.push(await timeInsert(chat, target.word));
    return summary(warm);
  });
  await step(row, 'background heap', async () => `${await workerHeapMb(h)} MB used (after a GC)`);
  await step(row, 'insert → preview, after worker restart', async () => {
    const cold = [];
    for (let i = 0; i < CLICKS; i++) {
      await stopServiceWorker(chat);
      cold.push(await timeInsert(chat, target.word));
    }
    return summary(cold);
  });
  await chat.close();
}

async function benchSize(n: number): Promise<Record<string, string>> {
  const file = join(tmpdir(), `engram-history-${n}-seed${SEED}.json`);
  if (!existsSync(file)) await writeExport(file, n, SEED);
  const raw = textChars(n, SEED);
  const row: Record<string, string> = { conversations: String(n) };
  console.log(
    `\n${n} conversations: ${(statSync(file).size / 1e6).toFixed(1)} MB file, ${(raw / 1e6).toFixed(1)} M chars of turn text`,
  );
  const h = await launch({ args: ['--remote-debugging-port=0'] });
  try {
    const options = await openOptions(h, 'data');
    const on = { ...DEFAULT_SETTINGS, recall: { ...DEFAULT_SETTINGS.recall, rawTurns: true } };
    await options.evaluate((settings) => chrome.storage.local.set({ settings, onboarded: true }), on);
    const before = { usage: await usage(options), opfs: await opfsBytes(options) };
    row['heap before import'] = `${await workerHeapMb(h)} MB`;
    await importAndIndex(h, options, file, n, row);
    await step(row, 'disk used', async () => {
      const grown = (await usage(options)) - before.usage;
      const opfs = (await opfsBytes(options)) - before.opfs;
      const stats = await ask(options, 'getPastIndexStats', {}).catch(() => undefined);
      const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`;
      return `${mb(grown)} store+index (${(grown / raw).toFixed(2)}× raw text), OPFS ${mb(opfs)}${stats ? `, index stats ${JSON.stringify(stats)}` : ''}`;
    });
    await captureToSearchable(h, options, row);
    await insertTimings(h, n, row);
  } finally {
    await h.close();
  }
  return row;
}

if (!existsSync('.output/chrome-mv3/manifest.json')) throw new Error('Build first: npx wxt build');
const rows: Record<string, string>[] = [];
for (const n of SIZES) rows.push(await benchSize(n));
console.log('\nbench:past — "Include past turns" at scale (Chromium, built extension)');
for (const key of Object.keys(rows[0] ?? {}))
  console.log(`| ${key.padEnd(40)} | ${rows.map((r) => (r[key] ?? '').padEnd(34)).join(' | ')} |`);
