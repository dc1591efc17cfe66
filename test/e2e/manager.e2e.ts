// The memory manager and popup in real Chromium (#6): popup counts and quick add beside a chat tab,
// export → Delete everything → empty export → import → identical export, and 10,000 memories with search
// timing printed.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { exportAll, exportUntil } from './export';
import { fixture, launch, openOptions, servePage, type Harness } from './harness';
import { manyMemories, seedRows } from './seed';

const CHAT = 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-000000000001';

let h: Harness;
beforeAll(async () => {
  h = await launch();
  await servePage(h.context, CHAT, fixture('pages/chatgpt-older.html'));
});
afterAll(async () => h?.close());

test('the popup beside a chat tab: first run, counts linking into options, quick add', async () => {
  const chat = await h.context.newPage();
  await chat.goto(CHAT);
  const popup = await h.context.newPage();
  await popup.goto(`chrome-extension://${h.extensionId}/popup.html`);
  await popup.getByRole('heading', { name: 'Welcome to Engram' }).waitFor();
  await popup.getByText('Step 1 of 3').waitFor();
  await popup.getByRole('button', { name: 'Next' }).click();
  await popup.getByRole('checkbox', { name: 'Claude' }).uncheck();
  await popup.getByRole('button', { name: 'Next' }).click();
  await popup.getByRole('button', { name: 'Finish' }).click();
  const memories = popup.getByRole('link', { name: '0 memories', exact: true });
  await memories.waitFor();
  expect(await memories.getAttribute('href')).toBe(
    `chrome-extension://${h.extensionId}/options.html#memories`,
  );
  await popup.getByText('0 memories to review').waitFor();
  // One status line and one main action fit a popup without scrolling (#16: it was 643 px on a chat tab).
  const height = await popup.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  console.log(`popup height: ${height} px`);
  expect(height).toBeLessThanOrEqual(600);
  await popup.getByText('Add a memory by hand').click();
  await popup.getByLabel('New memory').fill('I prefer metric units.');
  await popup.getByRole('button', { name: 'Add memory' }).click();
  await popup.getByRole('link', { name: '1 memory', exact: true }).waitFor();
  await popup.reload();
  await popup.getByRole('link', { name: '1 memory', exact: true }).waitFor();
  expect(await popup.getByRole('heading', { name: 'Welcome to Engram' }).count()).toBe(0);
  const options = await openOptions(h, 'settings');
  const sites = options.getByRole('group', { name: 'Sites' });
  expect(await sites.getByRole('checkbox', { name: 'Claude', exact: true }).isChecked()).toBe(false);
  await Promise.all([chat.close(), popup.close(), options.close()]);
});

test('export, then Delete everything: the export is empty; importing the first export restores it exactly', async () => {
  const chat = await h.context.newPage();
  await chat.goto(CHAT);
  const options = await openOptions(h, 'data');
  const before = await exportUntil(options, (d) => d.conversations.length > 0 && d.memories.length > 0);
  expect(before.data.conversations.length).toBeGreaterThan(0);
  await options.goto(options.url().replace(/#.*$/, '#data'));
  const confirm = options.getByRole('button', { name: 'Delete everything' });
  expect(await confirm.isDisabled()).toBe(true);
  await options.getByLabel(/Type DELETE/).fill('DELETE');
  await chat.close();
  await confirm.click();
  await options.getByText('Everything was deleted.').waitFor();
  const after = await exportAll(options);
  expect(after.data.memories).toEqual([]);
  expect(after.data.conversations).toEqual([]);
  // The round trip (#3, #6): the first export, imported into the emptied store, exports identically.
  const file = join(tmpdir(), `engram-roundtrip-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(before.data));
  await options.goto(options.url().replace(/#.*$/, '#data'));
  await options.getByLabel('Import').setInputFiles(file);
  await options.getByText(/from an Engram export/).waitFor();
  const restored = await exportAll(options);
  expect(restored.data.conversations).toEqual(before.data.conversations);
  expect(restored.data.memories).toEqual(before.data.memories);
  // Empty the store again: the next tests count exactly what they seed.
  await options.reload();
  await options.getByLabel(/Type DELETE/).fill('DELETE');
  await options.getByRole('button', { name: 'Delete everything' }).click();
  await options.getByText('Everything was deleted.').waitFor();
  expect((await exportAll(options)).data.memories).toEqual([]);
  await options.close();
});

// Counts are written as the page's language writes numbers (#37: Intl, "10,000" in English).
test('10,000 memories load, scroll, and a search renders in under 200 ms', async () => {
  const options = await openOptions(h, 'memories');
  await options.getByText(/^Showing [\d,]+ of [\d,]+\.$/).waitFor();
  await seedRows(options, { memories: manyMemories(10_000) });
  const loadStart = Date.now();
  await options.reload();
  await options.getByText('Showing 10,000 of 10,000.').waitFor();
  console.log(`manager: 10,000 memories loaded and listed in ${Date.now() - loadStart} ms (reload to list)`);
  const rows = await options.getByRole('listitem').count();
  expect(rows).toBeLessThan(60);
  const timings: number[] = [];
  for (const query of ['porto', 'piano garden', 'fact 9999']) timings.push(await timeSearch(options, query));
  console.log(
    `manager: search render over 10,000 memories: ${timings.map((t) => t.toFixed(1)).join(', ')} ms`,
  );
  // The median, so one scheduling hiccup on a shared CI machine does not fail the run; all three are printed.
  expect([...timings].sort((a, b) => a - b)[1]).toBeLessThan(200);
  await options.getByText('Fact 9999: I care about').first().waitFor();
  await options.close();
});

test('the popup shows its counts within 100 ms of loading, with 10,000 memories', async () => {
  const popup = await h.context.newPage();
  await popup.goto(`chrome-extension://${h.extensionId}/popup.html`);
  // Past the first run, so this test also stands alone.
  await popup.evaluate(async () => {
    await chrome.storage.local.set({ onboarded: true });
    localStorage.removeItem('engram:popup-counts');
  });
  const runs: { fromStart: number; fromLoad: number }[] = [];
  for (let i = 0; i < 6; i++) {
    await popup.reload();
    await popup.getByRole('link', { name: '10,000 memories', exact: true }).waitFor();
    runs.push(await popup.evaluate(popupTiming));
  }
  // The first open has no cached counts and waits for Chromium's IDBIndex.count (see countsCache.ts).
  const first = runs.shift();
  console.log(
    `popup with 10,000 memories, first open (no cache): counts ${first?.fromLoad.toFixed(0)} ms after load`,
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const fromLoad = median(runs.map((r) => r.fromLoad));
  console.log(
    `popup with 10,000 memories, median of 5 later opens: counts rendered ${median(runs.map((r) => r.fromStart)).toFixed(0)} ms ` +
      `after navigation start, ${fromLoad.toFixed(0)} ms after the document loaded`,
  );
  expect(fromLoad).toBeLessThan(100);
  await popup.close();
});

function popupTiming(): { fromStart: number; fromLoad: number } {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const mark = performance.getEntriesByName('engram:counts-shown')[0];
  const shown = mark?.startTime ?? Number.NaN;
  return { fromStart: shown, fromLoad: shown - (nav?.domContentLoadedEventEnd ?? 0) };
}

/** Types a query into the search box and measures until the list has re-rendered and painted. */
async function timeSearch(page: import('playwright-core').Page, query: string): Promise<number> {
  return page.evaluate(async (q) => {
    const input = document.querySelector<HTMLInputElement>('input[type="search"]');
    const status = [...document.querySelectorAll('p[aria-live="polite"]')][0];
    if (!input || !status) throw new Error('no search box');
    const before = status.textContent;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    const start = performance.now();
    setValue?.call(input, q);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise<void>((resolve) => {
      const check = () => (status.textContent !== before ? resolve() : requestAnimationFrame(check));
      check();
    });
    await new Promise((r) => requestAnimationFrame(() => r(null)));
    return performance.now() - start;
  }, query);
}

test('keyboard only: add, find, edit and cancel, with a visible focus ring', async () => {
  const options = await openOptions(h, 'memories');
  await options.getByText(/^Showing [\d,]+ of [\d,]+\.$/).waitFor();
  await tabTo(options, 'New memory');
  await options.keyboard.type('I cycle to work.');
  await tabTo(options, 'Add memory');
  await options.keyboard.press('Enter');
  await options.getByText('I cycle to work.', { exact: true }).waitFor();
  await tabTo(options, 'Search');
  await options.keyboard.type('cycle');
  await options.getByText('Showing 1 of').waitFor();
  await tabTo(options, 'Edit');
  const ring = await options.evaluate(() => {
    const el = document.activeElement;
    return el ? getComputedStyle(el).outlineStyle : 'none';
  });
  expect(ring).toBe('solid');
  await options.keyboard.press('Enter');
  expect(await options.evaluate(() => (document.activeElement as HTMLTextAreaElement | null)?.value)).toBe(
    'I cycle to work.',
  );
  await options.keyboard.press('Escape');
  await expect.poll(() => options.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
  await options.close();
});

/** Presses Tab until the focused element's accessible label or text is `name`; fails after 60 presses. */
async function tabTo(page: import('playwright-core').Page, name: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (!el) return '';
      const label = el.labels?.[0]?.firstChild?.textContent ?? el.getAttribute('aria-label');
      return (label ?? el.textContent ?? '').trim();
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}
