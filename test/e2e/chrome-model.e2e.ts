// Chrome's built-in model, wired end to end (#35). Debian's Chromium has no model (its Prompt API answers 'unavailable'), so the test installs
// the fake `LanguageModel` (test/fakes/language-model.ts) into the extension's service worker, where Engram
// runs it, and proves the path a person takes: Options says the model is ready → choose "On this computer
// (Chrome)" → a captured Claude chat → Extract now → the model is asked with the prompt's JSON Schema as its
// responseConstraint → a standing rule waits in Review. A French chat, which the fake model does not read,
// waits with its reason in Activity and is sent nowhere. The worker must stay up between steps (the fake
// lives in its memory); every step sends it a message well inside its 30 s idle time.
import type { Page, Worker } from 'playwright-core';
import type { Job } from '../../lib/model/records';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { installFakeLanguageModel, type FakeConfig, type FakeRecord } from '../fakes/language-model';
import { launch, openOptions, type Harness } from './harness';
import { captureChat, worker } from './records';
import { readRows } from './seed';
import { claudePageWith } from './sites';

const RULE = 'Always answer in metric units.';
const CONFIG: FakeConfig = {
  availability: 'available',
  languages: ['en', 'es', 'ja'],
  inputQuota: 6144,
  replies: [
    {
      when: 'You keep a long-term memory',
      reply: JSON.stringify({
        memories: [
          {
            ...{ text: RULE, type: 'instruction', priority: -1, confidence: 0.95, attributedTo: 'user' },
            ...{ occurredStart: null, occurredEnd: null, sourceTurns: [1] },
          },
        ],
      }),
    },
  ],
};

let h: Harness;
let sw: Worker;
let options: Page;

const record = () =>
  sw.evaluate(() => (globalThis as unknown as { __fakeLanguageModel: FakeRecord }).__fakeLanguageModel);

async function extractNow(): Promise<void> {
  await options.goto(options.url().replace(/#.*$/, '#model'));
  await options.getByRole('button', { name: 'Extract now' }).click();
}

beforeAll(async () => {
  h = await launch();
  sw = await worker(h.context);
  await sw.evaluate(installFakeLanguageModel, CONFIG);
  options = await openOptions(h, 'model');
});
afterAll(async () => {
  await h?.close();
});

test('Options shows the built-in model ready and saves it as the provider', async () => {
  await options.getByText('Chrome’s built-in model is ready').waitFor();
  // navigator.languages of headless Chromium is en-US: read from the API, which says it reads English.
  await options.getByText(/Of your browser’s languages it reads English/).waitFor();
  await options.getByLabel('Provider', { exact: true }).selectOption('chrome');
  await options.getByRole('button', { name: 'Save' }).click();
  await options.getByText(/^Saved\./).waitFor();
});

test('a captured chat becomes a memory in Review through the built-in model, with the schema as its constraint', async () => {
  await captureChat(
    h.context,
    'https://claude.ai/chat/6f0d2c1e-4444-4a2b-9c3d-000000000351',
    claudePageWith('From now on, always answer me in metric units.'),
  );
  await extractNow();
  // The job ran to its end (a failure would show its reason here, not a timeout below).
  await expect
    .poll(
      async () => (await readRows<Job>(options, 'jobs')).map((j) => `${j.status}: ${j.lastError ?? ''}`),
      { timeout: 30_000 },
    )
    .toEqual(['done: ']);
  await options.goto(options.url().replace(/#.*$/, '#review'));
  await options.getByText(RULE).first().waitFor({ timeout: 30_000 });
  const seen = await record();
  const asked = seen.prompts.find((p) => p.text.includes('always answer me in metric units'));
  expect(asked?.constraint).toMatchObject({ type: 'object', required: ['memories'] });
  // One session per job and a clone per call, every one destroyed.
  expect(seen.created).toBeGreaterThan(0);
  expect(seen.destroyed).toBe(seen.created);
  expect(seen.creates.at(-1)).toEqual({ languages: ['en'] });
  // Nothing left the browser for it.
  expect(h.blocked.filter((u) => !/claude\.ai/.test(u))).toEqual([]);
});

test('a French chat waits with its reason in Activity, sent nowhere', async () => {
  const before = (await record()).prompts.length;
  const french =
    "Bonjour ! J'habite à Lyon depuis dix ans et je travaille comme boulangère dans le quartier de la Croix-Rousse. Je me lève chaque matin à quatre heures.";
  await captureChat(
    h.context,
    'https://claude.ai/chat/6f0d2c1e-4444-4a2b-9c3d-000000000352',
    claudePageWith(french),
  );
  await extractNow();
  await options.goto(options.url().replace(/#.*$/, '#activity'));
  await options
    .getByText(/does not read French \(fr\): this conversation waits, sent nowhere/)
    .first()
    .waitFor({ timeout: 30_000 });
  expect((await record()).prompts.length).toBe(before);
  expect(h.blocked.filter((u) => !/claude\.ai/.test(u))).toEqual([]);
});

test('a download started in Options goes on after Options closes, and a reopened Options shows it', async () => {
  await sw.evaluate(() => {
    const fake = (globalThis as unknown as { __fakeLanguageModel: FakeRecord }).__fakeLanguageModel;
    fake.config.availability = 'downloadable';
    fake.config.downloadStepMs = 400;
  });
  const page = await openOptions(h, 'model');
  await page.getByRole('button', { name: 'Download Chrome’s model' }).click();
  await page.getByText(/Downloading Chrome’s built-in model: \d+%/).waitFor();
  await page.close();
  const again = await openOptions(h, 'model');
  // Either still downloading (its progress from storage) or done, never back to "not downloaded".
  await again
    .getByText(/Downloading Chrome’s built-in model: \d+%|Chrome’s built-in model is ready/)
    .first()
    .waitFor();
  await again.getByText('Chrome’s built-in model is ready').waitFor({ timeout: 15_000 });
  await again.close();
});
