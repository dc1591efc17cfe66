// A job through Chrome's built-in model (#35): the queue routes by the language the API accepts, to the
// person's fallback provider or to a wait shown in Activity; gate, guard and Review apply unchanged.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../model/settings';
import { languageModelApi } from '../providers/chrome-api';
import { chromeProvider } from '../providers/chrome';
import { scriptedProvider } from '../providers/scripted';
import type { Provider } from '../providers/types';
import { deleteDb } from '../store/db';
import { enqueueExtraction, listJobs } from '../store/jobs';
import { historyOf, listMemories } from '../store/memories';
import { installFakeLanguageModel, type FakeConfig, type FakeRecord } from '../../test/fakes/language-model';
import { NOW, reply, seedTurns } from '../../test/helpers/pipeline';
import { runDueJobs } from './queue';

const KEY = 'chatgpt:c1';
const g = globalThis as { LanguageModel?: unknown; __fakeLanguageModel?: FakeRecord };

function chrome(over: Partial<FakeConfig> = {}): Provider {
  installFakeLanguageModel({
    availability: 'available',
    languages: ['en', 'es', 'ja'],
    inputQuota: 6000,
    replies: [{ when: 'You keep a long-term memory', reply: reply.memories({ text: 'Lives in Oslo.' }) }],
    ...over,
  });
  // The worker asks chrome.i18n.detectLanguage; here the text says which.
  const detect = async (t: string) => (/je vis/.test(t) ? 'fr' : 'en');
  return chromeProvider({ api: languageModelApi(), detect });
}

function env(provider: Provider, fallback: Provider | null = null) {
  return {
    owner: 'sw-1',
    provider: async () => provider,
    fallback: async () => fallback,
    settings: async () => DEFAULT_SETTINGS,
    countTokens: async (t: string) => t.length,
    promptTokens: async (t: string) => Math.ceil(t.length / 4),
    wakeAt: async () => undefined,
    now: () => NOW,
  };
}

beforeEach(async () => {
  await deleteDb();
  await enqueueExtraction(KEY, NOW, NOW);
});
afterEach(() => {
  delete g.LanguageModel;
  delete g.__fakeLanguageModel;
});

describe('a job through Chrome’s built-in model', () => {
  test('an English chat becomes a memory; its session is destroyed after the job', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    expect(await runDueJobs(env(chrome()))).toBe(1);
    const [memory] = await listMemories();
    expect(memory?.text).toBe('Lives in Oslo.');
    expect((await historyOf(memory?.id ?? ''))[0]?.model).toBe('chrome:built-in');
    const record = g.__fakeLanguageModel!;
    expect(record.created).toBeGreaterThan(0);
    expect(record.destroyed).toBe(record.created);
  });

  test('a French chat with no fallback waits, its reason in the job, and nothing is asked of anyone', async () => {
    await seedTurns([{ role: 'user', text: 'Bonjour, je vis à Lyon.' }]);
    const provider = chrome();
    expect(await runDueJobs(env(provider))).toBe(1);
    const [job] = await listJobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 0 });
    expect(job?.lastError).toEqual({ code: 'language', language: 'fr' });
    expect(g.__fakeLanguageModel!.prompts).toEqual([]);
    expect(await listMemories()).toEqual([]);
  });

  test('a French chat goes to the fallback provider the person chose, and only there', async () => {
    await seedTurns([{ role: 'user', text: 'Bonjour, je vis à Lyon.' }]);
    const fallback = scriptedProvider([reply.memories({ text: 'Vit à Lyon.' })]);
    await runDueJobs(env(chrome(), fallback));
    expect(g.__fakeLanguageModel!.prompts).toEqual([]);
    expect(fallback.requests.length).toBeGreaterThan(0);
    const [memory] = await listMemories();
    expect(memory?.text).toBe('Vit à Lyon.');
    expect((await historyOf(memory?.id ?? ''))[0]?.model).toBe('scripted:scripted-1');
  });

  test('before the model is downloaded the job waits without an attempt or a download', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    await runDueJobs(env(chrome({ availability: 'downloadable' })));
    expect((await listJobs())[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: { code: 'chrome-not-downloaded' },
    });
    expect(g.__fakeLanguageModel!.created).toBe(0);
  });
});
