// The semantic recall tier in Chromium (#5): the configured OpenAI-compatible provider's /v1/embeddings is
// a routed fake that maps "car" and "automobile" close together. A memory that shares no word with the draft
// reaches the composer only when "Match by meaning" is on; vectors survive a service-worker restart.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fixture, launch, openOptions, servePage, type Harness } from './harness';

const CHAT = 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-000000000051';
const BASE = 'https://embeddings.engram.test/v1';
const CAR = 'I drive an automobile to work every day.';
const BAND = 'My favourite band is Radiohead.';
const BEES = 'I keep bees on the roof.';
const DRAFT = 'Which car insurance should I get?';

// Deterministic vectors: one axis per concept, a little of a shared axis so nothing is exactly orthogonal.
const CONCEPTS = [/\b(car|automobile|vehicle)/i, /\b(band|music|radiohead)/i, /\bbees?\b/i];
const vectorOf = (text: string) => [...CONCEPTS.map((c) => (c.test(text) ? 1 : 0)), 0.2];

let h: Harness;
/** Every text the fake endpoint was asked to embed, in order. */
const embedded: string[] = [];
let delayMs = 0;

async function embeddings(route: Route): Promise<void> {
  const body = route.request().postDataJSON() as { input: string[]; dimensions?: number };
  embedded.push(...body.input);
  if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
  const data = body.input.map((t, index) => ({ object: 'embedding', index, embedding: vectorOf(t) }));
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data }) });
}

async function addMemory(options: Page, text: string): Promise<void> {
  await options.getByLabel('New memory').fill(text);
  await options.getByRole('button', { name: 'Add memory' }).click();
  await options.waitForFunction(() => document.querySelector('textarea')?.value === '');
}

/** Opens the chat, types the draft, opens the preview; returns the texts it lists and ms from the click. */
async function preview(draft: string): Promise<{ chat: Page; lines: string[]; ms: number }> {
  const chat = await h.context.newPage();
  await chat.goto(CHAT);
  await chat.locator('#prompt-textarea').click();
  await chat.keyboard.type(draft);
  const started = Date.now();
  await chat.getByRole('button', { name: 'Insert memory' }).click();
  const dialog = chat.getByRole('dialog', { name: 'Memory to insert' });
  await dialog
    .getByText(/tokens|Nothing to insert yet/)
    .first()
    .waitFor();
  const ms = Date.now() - started;
  return { chat, lines: await dialog.getByRole('listitem').allInnerTexts(), ms };
}

beforeAll(async () => {
  h = await launch({ grantOrigins: ['https://embeddings.engram.test/*'] });
  await h.context.route(`${BASE}/embeddings`, embeddings);
  await servePage(h.context, CHAT, fixture('pages/chatgpt-current.html'));
  const options = await openOptions(h, 'model');
  await options.getByLabel('Provider', { exact: true }).selectOption('openai');
  await options.getByRole('combobox', { name: 'Model' }).fill('gpt-4o-mini');
  await options.getByLabel('Base URL').fill(BASE);
  await options.getByLabel('API key').fill('test-key');
  await options.getByRole('button', { name: 'Save' }).click();
  await options.getByText(/^Saved\./).waitFor({ timeout: 15_000 });
  console.log(`after Save: ${await options.getByText(/^Saved\./).textContent()}`);
  await options.goto(options.url().replace(/#.*$/, '#memories'));
  for (const text of [CAR, BAND, BEES]) await addMemory(options, text);
  await options.close();
}, 60_000);
afterAll(async () => h?.close());

describe('semantic recall through a routed /v1/embeddings', () => {
  test('off (the default): the automobile memory is not offered for a draft about a car', async () => {
    const { chat, lines } = await preview(DRAFT);
    expect(lines.join('\n')).not.toContain('automobile');
    expect(embedded).toEqual([]);
    await chat.close();
  });

  test('on: Settings shows the tier embedding every memory, and the memory is inserted', async () => {
    const options = await openOptions(h, 'settings');
    await options.getByLabel('Match by meaning').check();
    await options.getByRole('button', { name: 'Save settings' }).click();
    const status = options.getByTestId('semantic-status');
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toBe('Semantic recall: on · 3 of 3 memories embedded with text-embedding-3-small');
    await options.close();
    expect([...embedded].sort()).toEqual([BAND, CAR, BEES].sort());
    const { chat, lines, ms } = await preview(DRAFT);
    console.log(`preview with semantic recall and a routed endpoint: ready ${ms} ms after the click`);
    expect(lines.some((l) => l.includes(CAR))).toBe(true);
    expect(lines.some((l) => l.includes(BAND) || l.includes(BEES))).toBe(false);
    const dialog = chat.getByRole('dialog', { name: 'Memory to insert' });
    await dialog.getByRole('button', { name: /^Insert \d+ memor/ }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const text = await chat.locator('#prompt-textarea').innerText();
    expect(text).toContain(CAR);
    expect(text).not.toContain(BAND);
    await chat.close();
  });

  test('after a service-worker restart the vectors are read back: only the new query is embedded', async () => {
    const page = await openOptions(h, 'settings');
    const cdp = await h.context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await page.close();
    const before = embedded.length;
    const { chat, lines } = await preview('Where do I park the vehicle?');
    expect(lines.some((l) => l.includes(CAR))).toBe(true);
    expect(embedded.slice(before)).toEqual(['Where do I park the vehicle?']);
    await chat.close();
  });

  test('a slow endpoint: the preview falls back to word matching within the timeout, with no error', async () => {
    delayMs = 5000;
    const { chat, lines, ms } = await preview('Any new Radiohead album?');
    delayMs = 0;
    console.log(`preview with a 5 s embeddings endpoint: ready ${ms} ms after the click`);
    expect(lines.some((l) => l.includes(BAND))).toBe(true);
    expect(await chat.getByRole('alert').count()).toBe(0);
    // It waited for the tier (800 ms), then answered from the words alone, long before the endpoint did.
    expect(ms).toBeGreaterThanOrEqual(750);
    expect(ms).toBeLessThan(2500);
    await chat.close();
  });
});
