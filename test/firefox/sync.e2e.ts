// Chromium ↔ Firefox sync for real (#15): device A is Chromium with the chrome build, device B is Firefox with the
// Firefox build, both set up from Options → Sync against one local Apache mod_dav started here, with the same
// passphrase. A memory added on A appears on B; an edit on B reaches A; a delete on A stays deleted on B.
// Needs both builds (npm test makes them: Chrome before the Chromium e2e, Firefox before this suite).
import type { Page as FirefoxPage } from 'puppeteer-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, openOptions, type Harness } from '../e2e/harness';
import { addMemories } from '../e2e/options';
import { startApacheServer } from '../helpers/servers';
import { hasApache } from '../helpers/servers/apache';
import type { Running } from '../helpers/servers/process';
import { launchFirefox, poll, type Firefox } from './harness';

const skip = !hasApache();
if (skip) console.warn('Chromium ↔ Firefox sync e2e skipped: apache2 with mod_dav_fs is not installed');

const PASSPHRASE = 'correct horse battery staple';
const [ADDED, EDITED] = ['Keeps bees on a roof in Lisbon.', 'Keeps bees and two hens on a roof in Lisbon.'];
let apache: Running;
let a: Harness;
let ff: Firefox;
let onA: Page;
let onB: FirefoxPage;
const timings: string[] = [];

beforeAll(async () => {
  if (skip) return;
  apache = await startApacheServer();
  a = await launch({ grantOrigins: ['http://127.0.0.1/*'] });
  // The harness aborts every request it does not route: the storage server is let through.
  await a.context.route(/^http:\/\/127\.0\.0\.1:/, (route) => route.continue());
  ff = await launchFirefox({ passThrough: [apache.url] });
  onA = await openOptions(a, 'sync');
  onB = await ff.openExtensionPage('options.html#sync');
}, 120_000);
afterAll(async () => {
  console.log(`Chromium ↔ Firefox sync (ms): ${timings.join(', ')}`);
  await a?.close();
  await ff?.close();
  await apache?.stop();
});

const statusA = async () => (await onA.getByRole('status').first().textContent()) ?? '';
const statusB = () => onB.evaluate(() => document.querySelector('[role="status"]')?.textContent ?? '');

/** Chromium: Sync now, then wait for the run it started to end. */
async function syncA(): Promise<void> {
  await onA.goto(onA.url().replace(/#.*$/, '#sync'));
  const button = onA.getByRole('button', { name: 'Sync now' });
  await button.click();
  await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
  expect(await statusA()).toMatch(/^Synced /);
}

const button = (label: string) => `::-p-xpath(//button[normalize-space(.)="${label}"])`;
const input = (label: string) =>
  `::-p-xpath(//label[starts-with(normalize-space(.), "${label}")]//*[self::input or self::textarea])`;

async function showB(section: string): Promise<void> {
  await onB.evaluate((s) => (location.hash = s), section);
  await onB.waitForFunction(
    (s) => document.querySelector('main h1')?.textContent?.toLowerCase() === s,
    {},
    section,
  );
}

/** Firefox: Sync now, then wait until the button is back and the status says it synced. */
async function syncB(): Promise<void> {
  await showB('sync');
  await onB.locator(button('Sync now')).setTimeout(30_000).click();
  await onB.waitForFunction(
    (sel) => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === sel);
      return b !== undefined && !b.disabled && b.getAttribute('aria-busy') !== 'true';
    },
    { timeout: 30_000 },
    'Sync now',
  );
  expect(await statusB()).toMatch(/^Synced /);
}

async function memoriesOfA(): Promise<string[]> {
  await onA.goto(onA.url().replace(/#.*$/, '#memories'));
  await onA.reload();
  await onA.getByLabel('New memory').waitFor();
  return onA.locator('.card.memory').allTextContents();
}

async function memoriesOfB(): Promise<string[]> {
  await showB('memories');
  await onB.waitForSelector('form textarea');
  return onB.$$eval('.card.memory', (cards) => cards.map((c) => c.textContent ?? ''));
}

describe.skipIf(skip)('Chromium (A) and Firefox (B) through Apache WebDAV', () => {
  test('A connects and adds a memory; B joins with the same endpoint and passphrase and sees it', async () => {
    const t0 = Date.now();
    await onA.getByLabel('WebDAV folder address').fill(`${apache.url}engram`);
    await onA.getByLabel('User name').fill('engram');
    await onA.getByLabel('Password', { exact: true }).fill('test-password');
    await onA.getByLabel('Sync passphrase').fill(PASSPHRASE);
    await onA.getByRole('button', { name: 'Connect' }).click();
    await onA.getByRole('button', { name: 'Sync now' }).waitFor({ timeout: 60_000 });
    await expect.poll(statusA, { timeout: 30_000 }).toMatch(/^Synced /);
    await memoriesOfA();
    await addMemories(onA, [ADDED]);
    await syncA();
    timings.push(`A connected and pushed ${Date.now() - t0}`);

    const t1 = Date.now();
    await onB.locator(input('WebDAV folder address')).fill(`${apache.url}engram`);
    await onB.locator(input('User name')).fill('engram');
    await onB.locator(input('Password')).fill('test-password');
    await onB.locator(input('Sync passphrase')).fill(PASSPHRASE);
    // A real click: Firefox grants the storage's host permission from it (the prompt is off in this profile).
    await onB.locator(button('Connect')).click();
    await poll(
      'B to finish its first sync',
      async () => ((await statusB()).startsWith('Synced ') ? true : null),
      30_000,
    );
    timings.push(`B joined ${Date.now() - t1}`);
    expect((await memoriesOfB()).join()).toContain(ADDED);
    expect(ff.blocked.filter((u) => u.startsWith(apache.url))).toEqual([]);
  }, 150_000);

  test('an edit on B reaches A', async () => {
    await memoriesOfB();
    const card = await onB.waitForSelector(
      `::-p-xpath(//div[contains(@class, "card memory")][contains(., "${ADDED}")])`,
    );
    if (!card) throw new Error('no card on B');
    await (await card.waitForSelector(button('Edit')))?.click();
    const box = await card.waitForSelector('textarea');
    await box?.evaluate((el) => (el as HTMLTextAreaElement).select());
    await box?.type(EDITED);
    await (await card.waitForSelector(button('Save')))?.click();
    await onB.waitForFunction((t) => document.body.textContent?.includes(t), {}, EDITED);
    const t0 = Date.now();
    await syncB();
    await syncA();
    timings.push(`edit B → A ${Date.now() - t0}`);
    expect((await memoriesOfA()).join()).toContain(EDITED);
  }, 120_000);

  test('a delete on A stays deleted on B', async () => {
    await memoriesOfA();
    await onA.locator('.card.memory', { hasText: EDITED }).getByRole('button', { name: 'Delete' }).click();
    await onA.locator('.card.memory', { hasText: EDITED }).waitFor({ state: 'detached' });
    const t0 = Date.now();
    await syncA();
    await syncB();
    timings.push(`delete A → B ${Date.now() - t0}`);
    expect((await memoriesOfB()).join()).not.toContain('Keeps bees');
    // Another round each way brings nothing back.
    await syncB();
    await syncA();
    await syncB();
    expect((await memoriesOfB()).join()).not.toContain('Keeps bees');
    expect((await memoriesOfA()).join()).not.toContain('Keeps bees');
  }, 120_000);
});
