// Screenshots of the popup and every options section, light and dark, for the README (#6). Written to
// docs/screenshots/ on every e2e run, from the realistic data set in demo-data.ts.
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launch, openOptions, type Harness } from './harness';
import { DEMO } from './demo-data';
import { seedRows } from './seed';

const OUT = 'docs/screenshots';
const SECTIONS = [
  'memories',
  'review',
  'conversations',
  'activity',
  'model',
  'settings',
  'sync',
  'data',
  'agents',
] as const;
const SCHEMES = ['light', 'dark'] as const;

let h: Harness;
let options: Page;
beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  h = await launch();
  options = await openOptions(h, 'memories');
  await options.getByText(/^Showing \d+ of \d+\.$/).waitFor();
  await seedRows(options, DEMO);
  await options.setViewportSize({ width: 1180, height: 820 });
});
afterAll(async () => h?.close());

/**
 * What each section shows of the demo data once it has read it (the rest comes with its heading): the picture
 * is taken after these, not after a guessed pause (#26).
 */
const READ: Record<(typeof SECTIONS)[number], (page: Page) => Locator[]> = {
  memories: (p) => [p.getByText('Showing 8 of 8.')],
  review: (p) => [p.getByText('Proposed change from Extractor')],
  conversations: (p) => [p.getByRole('listitem', { name: 'Planning a week in Porto' })],
  activity: (p) => [p.getByRole('cell', { name: 'local-llama' }), p.getByText('No capture problems.')],
  model: (p) => [p.getByText(/No usable GPU/), p.getByText('tried 1 time')],
  settings: (p) => [p.getByLabel('Token budget'), p.getByText(/^Your browser lets Engram read /)],
  sync: (p) => [p.getByRole('button', { name: 'Connect' })],
  data: (p) => [p.getByText(/^Past chats indexed/), p.getByText(/^Using .* storage/)],
  agents: (p) => [p.getByLabel('Let desktop apps use my memories')],
};

async function section(id: (typeof SECTIONS)[number]): Promise<void> {
  await options.goto(options.url().replace(/#.*$/, `#${id}`));
  await options.reload();
  await options.getByRole('heading', { level: 1 }).first().waitFor();
  // The review count beside "Review" in the navigation, on every section.
  await options.getByRole('link', { name: /^Review ?2 waiting$/ }).waitFor();
  for (const shown of READ[id](options)) await shown.first().waitFor();
}

test.each(SCHEMES)('options sections, %s', async (scheme) => {
  await options.emulateMedia({ colorScheme: scheme });
  for (const id of SECTIONS) {
    await section(id);
    if (id === 'memories') {
      await options.getByLabel('Sort by').selectOption('priority');
      const row = options.getByRole('listitem').filter({ hasText: 'I am vegetarian.' });
      await row.getByRole('button', { name: 'Source' }).click();
      await options.getByText('From: ChatGPT').waitFor();
      await options.evaluate(() => window.scrollTo(0, 0));
    }
    if (id === 'conversations') {
      await options.getByRole('button', { name: 'Transcript' }).click();
      await options.getByRole('list', { name: 'Transcript' }).waitFor();
      // #16 layout: "Extract now" stays on one line, and the list box is no taller than its one row.
      const extract = await options.getByRole('button', { name: 'Extract now' }).boundingBox();
      const transcript = await options.getByRole('button', { name: 'Transcript' }).boundingBox();
      expect(extract?.height).toBe(transcript?.height);
      const box = await options.getByRole('list', { name: 'Conversations' }).boundingBox();
      const row = await options.getByRole('listitem', { name: 'Planning a week in Porto' }).boundingBox();
      expect((box?.height ?? 0) - (row?.height ?? 0)).toBeLessThan(24);
    }
    await options.screenshot({ path: `${OUT}/options-${id}-${scheme}.png`, fullPage: id !== 'memories' });
  }
  expect(await options.getByRole('navigation', { name: 'Sections' }).getByRole('link').count()).toBe(
    SECTIONS.length,
  );
});

test.each(SCHEMES)('popup, %s', async (scheme) => {
  const popup = await h.context.newPage();
  await popup.setViewportSize({ width: 360, height: 520 });
  await popup.emulateMedia({ colorScheme: scheme });
  await popup.goto(`chrome-extension://${h.extensionId}/popup.html`);
  await popup.getByRole('heading', { name: 'Welcome to Engram' }).waitFor();
  await popup.screenshot({ path: `${OUT}/popup-first-run-${scheme}.png` });
  await popup.getByRole('button', { name: 'Skip setup' }).click();
  await popup.getByRole('link', { name: '6 memories', exact: true }).waitFor();
  await popup.screenshot({ path: `${OUT}/popup-${scheme}.png` });
  await popup.evaluate(() => chrome.storage.local.remove('onboarded'));
  await popup.close();
});
