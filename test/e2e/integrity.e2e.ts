// Nothing deleted comes back, nothing saved is lost (#12), in Chromium with a local OpenAI-compatible model:
// Delete everything, or an edit and a delete of one memory, while the model is still answering a job that
// read them; and export -> Delete everything -> import restores extraction progress, so a conversation
// already extracted is not sent to the model again.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Memory, MemoryEvent } from '../../lib/model/records';
import { exportAll, exportUntil } from './export';
import { openOptions, type Harness } from './harness';
import type { LlmServer } from './llm-server';
import { launchWithLocalModel } from './options';
import { captureChat } from './records';
import { seedRows } from './seed';
import { claudePageWith } from './sites';

let h: Harness;
let llm: LlmServer;
let options: Page;

const chatUrl = (id: string) => `https://claude.ai/chat/6f0d2c1e-5555-4a2b-9c3d-${id.padStart(12, '0')}`;

/** A Claude chat with our own user text, captured. */
async function chat(id: string, userText: string): Promise<void> {
  await captureChat(h.context, chatUrl(id), claudePageWith(userText));
}

const isExtraction = (body: string) => body.includes('You keep a long-term memory');

function facts(...texts: string[]): string {
  const memories = texts.map((text) => ({
    ...{ text, type: 'profile', priority: 60, confidence: 0.95, attributedTo: 'user' },
    ...{ occurredStart: null, occurredEnd: null, sourceTurns: [1] },
  }));
  return JSON.stringify({ memories });
}

/** A promise the test settles: the model "answers" only when it is released. */
function gate(): { held: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release: () => release() };
}

/** Clicks Extract now and returns a wait for the run it joined to end (the button is busy until then). */
async function extractNow(): Promise<() => Promise<void>> {
  await options.goto(options.url().replace(/#.*$/, '#model'));
  const button = options.getByRole('button', { name: 'Extract now' });
  await button.click();
  return () => expect.poll(() => button.isDisabled(), { timeout: 60_000 }).toBe(false);
}

async function deleteEverything(page: Page): Promise<void> {
  await page.goto(page.url().replace(/#.*$/, '#data'));
  await page.getByLabel(/Type DELETE/).fill('DELETE');
  await page.getByRole('button', { name: 'Delete everything' }).click();
  await page.getByText('Everything was deleted.').waitFor();
}

const AT = '2026-11-01T10:00:00.000Z';
function stored(
  id: string,
  text: string,
  actor: 'user' | 'extractor',
): { memory: Memory; event: MemoryEvent } {
  const memory: Memory = {
    ...{ id, text, type: 'profile', priority: 50, confidence: 1, attributedTo: 'user' },
    ...{ occurredStart: null, occurredEnd: null, mentionedAt: AT, createdAt: AT, updatedAt: AT },
    ...{ sources: [], proofCount: 1, scope: 'global', status: 'active', pinned: false, tokenCount: 6 },
  };
  const event: MemoryEvent = {
    ...{ id: `${id}-added`, memoryId: id, op: 'add', before: null, after: memory, reason: 'Added' },
    ...{ actor, jobId: null, promptVersion: null, model: null, at: AT },
  };
  return { memory, event };
}

beforeAll(async () => {
  const started = await launchWithLocalModel();
  ({ h, llm, options } = started);
});
afterAll(async () => {
  await h?.close();
  await llm?.close();
});
// Each test starts from an empty store.
beforeEach(async () => deleteEverything(options));

describe('while the model is answering', () => {
  test('Delete everything: when the job ends, the export holds nothing', async () => {
    const answer = gate();
    llm.reply(async () => (await answer.held, facts('Keeps bees on a roof in Lyon.')));
    const first = llm.requests.length;
    await chat('1', 'I keep bees on my roof in Lyon.');
    const ended = await extractNow();
    await expect.poll(() => llm.requests.length, { timeout: 30_000 }).toBeGreaterThan(first);
    const data = await openOptions(h, 'data');
    await deleteEverything(data);
    answer.release();
    await ended();
    const { data: after } = await exportAll(options);
    expect(after.memories).toEqual([]);
    expect(after.conversations).toEqual([]);
    expect([after.jobs, after.usage]).toEqual([[], []]);
    await data.close();
  });

  test('an edit and a delete of memories the job read: the export has the edit as left, the delete stays', async () => {
    const nurse = stored('nurse', 'Works as a nurse in Leeds.', 'user');
    // Extractor-made, so the guard (#11) lets the job update it in place: only the commit's re-read keeps
    // the person's delete of it.
    const munich = stored('munich', 'Lives in Munich.', 'extractor');
    await seedRows(options, {
      memories: [nurse.memory, munich.memory],
      memoryEvents: [nurse.event, munich.event],
    });
    const answer = gate();
    llm.reply(async (body) => {
      if (isExtraction(body)) return facts('works as a nurse in Leeds', 'Moved from Munich to Berlin.');
      await answer.held;
      const fact = /F(\d+) \([^)]*\) \\"Moved from Munich/.exec(body)?.[1];
      const target = /M(\d+) \([^)]*\) \\"Lives in Munich\.\\"/.exec(body)?.[1];
      const text = 'Lives in Berlin; moved from Munich.';
      return JSON.stringify({
        operations: [{ fact: Number(fact), op: 'UPDATE', target: Number(target), text, reason: 'moved' }],
      });
    });
    const first = llm.requests.length;
    await chat('2', 'I work as a nurse in Leeds, and I moved to Berlin from Munich last month.');
    const ended = await extractNow();
    // The consolidation call is the second: the job has read both memories and waits on the model.
    await expect.poll(() => llm.requests.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(first + 2);
    const manager = await openOptions(h, 'memories');
    const nurseCard = manager.locator('.card.memory', { hasText: 'Works as a nurse in Leeds.' });
    await nurseCard.getByRole('button', { name: 'Edit' }).click();
    await nurseCard.getByLabel('Memory text').fill('Works as a midwife in Leeds.');
    await nurseCard.getByRole('button', { name: 'Save' }).click();
    await manager.getByText('Works as a midwife in Leeds.').waitFor();
    const munichCard = manager.locator('.card.memory', { hasText: 'Lives in Munich.' });
    await munichCard.getByRole('button', { name: 'Delete' }).click();
    await munichCard.waitFor({ state: 'detached' });
    answer.release();
    await ended();
    const { data } = await exportAll(options);
    const byId = new Map(data.memories.map((m) => [m.id, m]));
    expect(byId.get('nurse')).toMatchObject({ text: 'Works as a midwife in Leeds.', status: 'active' });
    expect(byId.get('munich')).toMatchObject({ text: 'Lives in Munich.', status: 'deleted' });
    expect(data.memories.filter((m) => m.status === 'active' && m.text.includes('Berlin'))).toEqual([]);
    console.log(`after the job: ${data.memories.map((m) => `${m.status}: ${m.text}`).join(' | ')}`);
    await manager.close();
  });
});

test('export -> Delete everything -> import restores extraction progress: nothing is sent to the model again', async () => {
  llm.reply((body) => (isExtraction(body) ? facts('Plays the cello in Porto.') : '{"operations":[]}'));
  await chat('3', 'I play the cello in an orchestra in Porto.');
  await (
    await extractNow()
  )();
  const { data } = await exportUntil(options, (d) =>
    d.memories.some((m) => m.text.startsWith('Plays the cello')),
  );
  expect(data.conversations[0]?.extraction?.throughOrder).toBeGreaterThanOrEqual(0);
  const file = join(tmpdir(), `engram-restore-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(data));
  await deleteEverything(options);
  await options.getByLabel('Import').setInputFiles(file);
  await options.getByText(/from an Engram export/).waitFor();
  await options.getByText(/Restored extraction progress of 1 conversation/).waitFor();
  const sent = llm.requests.length;
  await options.goto(options.url().replace(/#.*$/, '#conversations'));
  await options.getByRole('button', { name: 'Extract now' }).click();
  await options.getByText(/^Extraction ran \d+ jobs?\.$/).waitFor();
  // Before #12 the restore forgot the progress: every turn went to the model again, and was paid again.
  expect(llm.requests.length).toBe(sent);
  const { data: after } = await exportAll(options);
  // The job Extract now just ran found nothing new: the same turns covered, only its time is newer.
  const withoutTime = (d: typeof data) =>
    d.conversations.map((c) => ({ ...c, extraction: c.extraction?.throughOrder }));
  expect(withoutTime(after)).toEqual(withoutTime(data));
  expect(after.memories).toEqual(data.memories);
});
