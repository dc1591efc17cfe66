// Extraction end to end (#4): a captured conversation becomes memories through a local OpenAI-compatible
// server on 127.0.0.1, with provenance in the export, no secret in any request, exactly one set of memories
// when the service worker is stopped mid-call, and Retry-After honoured. A model that never answers in JSON
// ends in the dead letter, which Activity shows with the turns it gave up on and a Retry that re-sends them (#12).
import type { Page } from 'playwright-core';
import type { Conversation, Job } from '../../lib/model/records';
import { conversationLabel } from '../../components/shared/labels';
import { i18n } from '../../lib/i18n/i18n';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exportAll, exportUntil } from './export';
import { openOptions, type Harness, stopServiceWorker } from './harness';
import type { LlmServer } from './llm-server';
import { launchWithLocalModel } from './options';
import { captureChat } from './records';
import { readRows, seedRows } from './seed';
import { claudePageWith } from './sites';

const SECRET = 'sk-proj-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe';

let h: Harness;
let llm: LlmServer;
let options: Page;

const KEY = 'claude:6f0d2c1e-4444-4a2b-9c3d-';

/** A Claude chat with our own user text, captured, so each test has its own conversation. */
async function chat(id: string, userText: string): Promise<void> {
  const url = `https://claude.ai/chat/6f0d2c1e-4444-4a2b-9c3d-${id.padStart(12, '0')}`;
  await captureChat(h.context, url, claudePageWith(userText));
}

/** The conversation's extraction jobs, as the queue records them. */
const jobsOf = async (id: string) =>
  (await readRows<Job>(options, 'jobs')).filter((j) => j.conversationKey === KEY + id.padStart(12, '0'));

const memoryFor = (text: string) => (body: string) =>
  body.includes('You keep a long-term memory')
    ? JSON.stringify({
        memories: [
          {
            ...{ text, type: 'profile', priority: 60, confidence: 0.95, attributedTo: 'user' },
            ...{ occurredStart: null, occurredEnd: null, sourceTurns: [1] },
          },
        ],
      })
    : JSON.stringify({ operations: [{ fact: 1, op: 'ADD', target: null, text, reason: 'new' }] });

async function extractNow(): Promise<void> {
  await options.goto(options.url().replace(/#.*$/, '#model'));
  await options.getByRole('button', { name: 'Extract now' }).click();
}

beforeAll(async () => {
  const started = await launchWithLocalModel();
  ({ h, llm, options } = started);
  console.log(`after Save: ${started.saved}`);
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
});

describe('extraction through a local OpenAI-compatible server', () => {
  test('a captured conversation becomes memories with provenance; no secret leaves', async () => {
    llm.reply(memoryFor('Lives in Lisbon and works as a marine biologist.'));
    await chat('1', `I live in Lisbon and work as a marine biologist. My key is ${SECRET}.`);
    await extractNow();
    const { data } = await exportUntil(options, (d) => d.memories.length > 0, 30_000);
    const m = data.memories.find((x) => x.text.startsWith('Lives in Lisbon'));
    expect(m?.sources[0]).toMatchObject({ site: 'claude', conversationId: expect.stringMatching(/0001$/) });
    expect(m?.sources[0]?.turnIds.length).toBeGreaterThan(0);
    expect(m?.history.map((e) => [e.op, e.actor, e.model])).toEqual([
      ['add', 'extractor', 'openai:gpt-4o-mini'],
    ]);
    expect(m?.history[0]?.jobId).toBeTruthy();
    expect(llm.requests.length).toBeGreaterThan(0);
    expect(llm.requests.some((r) => r.body.includes('I live in Lisbon'))).toBe(true);
    expect(llm.requests.every((r) => !r.body.includes(SECRET))).toBe(true);
    console.log(`requests recorded: ${llm.requests.length}; blocked by the harness: ${h.blocked.length}`);
  });

  test('a 429 with Retry-After is honoured', async () => {
    llm.reply(memoryFor('Has a cat named Pixel.'));
    await chat('2', 'I have a cat named Pixel.');
    const first = llm.requests.length;
    llm.rateLimit(1, 2);
    await extractNow();
    await exportUntil(options, (d) => d.memories.some((m) => m.text === 'Has a cat named Pixel.'), 30_000);
    const [limited, retried] = llm.requests.slice(first);
    const waited = retried!.at - limited!.at;
    console.log(`429 Retry-After 2 s: retried after ${waited} ms`);
    expect(waited).toBeGreaterThanOrEqual(1900);
  });

  test('stopping the service worker during the call still ends with exactly one set of memories', async () => {
    llm.reply(memoryFor('Plays the cello in a Porto orchestra.'));
    await chat('3', 'I play the cello in an orchestra in Porto.');
    const first = llm.requests.length;
    llm.holdNext();
    await extractNow();
    await expect.poll(() => llm.requests.length, { timeout: 15_000 }).toBeGreaterThan(first);
    await stopServiceWorker(options);
    // Waking the worker (a message) makes the new instance reclaim the orphaned job and run it again.
    await extractNow();
    const { data } = await exportUntil(
      options,
      (d) => d.memories.some((m) => m.text.startsWith('Plays the cello')),
      30_000,
    );
    // Every job of the conversation has ended (the one the new worker reclaimed and ran again included): no
    // run is left that could write a second set.
    await expect
      .poll(async () => [...new Set((await jobsOf('3')).map((j) => j.status))], { timeout: 30_000 })
      .toEqual(['done']);
    const again = await exportAll(options);
    const cello = again.data.memories.filter((m) => m.text.startsWith('Plays the cello'));
    expect(cello).toHaveLength(1);
    expect(data.memories.filter((m) => m.text.startsWith('Plays the cello'))).toHaveLength(1);
    console.log(`requests for the killed job: ${llm.requests.length - first}`);
    expect(llm.requests.length - first).toBeGreaterThanOrEqual(2);
  });

  test('a model that never answers in JSON: the dead letter names its turns, and Retry re-sends them', async () => {
    const key = `${KEY}000000000004`;
    llm.reply(() => 'Sorry, I can only help with questions about the conversation.');
    await chat('4', 'I keep bees on my balcony in Lisbon.');
    await extractNow();
    const job = async () => (await readRows<Job>(options, 'jobs')).find((j) => j.conversationKey === key);
    await expect.poll(async () => (await job())?.lastError ?? '').toMatch(/Invalid model output/);
    // The remaining attempts would wait 15 minutes of backoff: put the job on its last attempt.
    await expect.poll(async () => (await job())?.status).toBe('pending');
    const waiting = await job();
    await seedRows(options, { jobs: [{ ...waiting!, attempts: 4, runAfter: new Date().toISOString() }] });
    await extractNow();
    await expect.poll(async () => (await job())?.status).toBe('failed');
    const bees = () => llm.requests.filter((r) => r.body.includes('I keep bees'));
    const corrections = () => bees().filter((r) => r.body.includes('Your previous reply could not be used'));
    // Each attempt is the reply and its one correction; "Extract now" does not run a dead letter again.
    const spent = bees().length;
    expect(corrections().length * 2).toBe(spent);
    await extractNow();
    expect(bees().length).toBe(spent);
    await options.goto(options.url().replace(/#.*$/, '#activity'));
    const dead = options.getByRole('list', { name: 'Failed jobs' });
    await expect.poll(() => dead.textContent()).toMatch(/Turns 1–\d+ not extracted: later jobs skip them/);
    llm.reply(memoryFor('Keeps bees on a balcony in Lisbon.'));
    // Named after its chat (#16): several failed jobs must not all read "Retry reading a Claude chat".
    const conversation = (await readRows<Conversation>(options, 'conversations')).find((c) => c.key === key);
    expect(conversation?.title).toBeTruthy();
    const name = `Retry reading ${conversationLabel(i18n.t, key, conversation?.title)}`;
    await dead.getByRole('button', { name, exact: true }).click();
    await exportUntil(
      options,
      (d) => d.memories.some((m) => m.text === 'Keeps bees on a balcony in Lisbon.'),
      30_000,
    );
    const resent = bees().slice(spent);
    expect(resent.filter((r) => r.body.includes('You keep a long-term memory'))).toHaveLength(1);
    expect(resent[0]?.body).toMatch(/NEW TURNS \(extract from these\) ===[^=]*I keep bees on my balcony/);
    expect((await job())?.status).toBe('done');
  });

  test('headless Chromium has no usable GPU: the Model section says so and never starts a download', async () => {
    const page = await openOptions(h, 'model');
    await page.getByText('No usable GPU: choose an API provider').waitFor();
    const kinds = await page
      .getByLabel('Provider', { exact: true })
      .locator('option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    expect(kinds).not.toContain('webllm');
    // The section without a GPU has no model to download and no progress to show (WebLlmPanel); what any part
    // of this run asked of a model host is in the harness's record of blocked requests.
    expect(await page.locator('progress').count()).toBe(0);
    expect(h.blocked.filter((u) => /huggingface|mlc|raw\.githubusercontent/.test(u))).toEqual([]);
    await page.close();
  });
});
