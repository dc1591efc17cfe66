// Chrome's built-in model as a provider (#35), against the fake Prompt API in test/fakes/language-model.ts.
import { afterEach, describe, expect, test } from 'vitest';
import { ConsolidationOutput, ExtractionOutput } from '../../prompts/schemas';
import { installFakeLanguageModel, type FakeConfig, type FakeRecord } from '../../test/fakes/language-model';
import { languageModelApi } from './chrome-api';
import { chromeLimits, chromeProvider, routeJob, type ChromeDeps } from './chrome';
import { jsonSchemaOf } from './structured';
import type { Provider } from './types';

const g = globalThis as { LanguageModel?: unknown; __fakeLanguageModel?: FakeRecord };
afterEach(() => {
  delete g.LanguageModel;
  delete g.__fakeLanguageModel;
});

const MEMORY = {
  text: 'Lives in Lisbon.',
  type: 'profile',
  priority: 60,
  confidence: 0.9,
  attributedTo: 'user',
  occurredStart: null,
  occurredEnd: null,
  sourceTurns: [1],
};

function fake(over: Partial<FakeConfig> = {}): { deps: ChromeDeps; record: () => FakeRecord } {
  installFakeLanguageModel({
    availability: 'available',
    languages: ['en', 'es', 'ja'],
    inputQuota: 6000,
    replies: [
      { when: 'EXTRACT', reply: JSON.stringify({ memories: [MEMORY] }) },
      { when: 'CONSOLIDATE', reply: JSON.stringify({ operations: [] }) },
    ],
    ...over,
  });
  const deps: ChromeDeps = {
    api: languageModelApi(),
    detect: async (t) => (t.includes('Bonjour') ? 'fr' : 'en'),
  };
  return { deps, record: () => g.__fakeLanguageModel! };
}

const extract = (provider: Provider, user: string, signal?: AbortSignal) =>
  provider.complete({
    system: 'EXTRACT memories.',
    user,
    schema: ExtractionOutput,
    schemaName: 'memories',
    signal,
  });

async function open(deps: ChromeDeps, sample = 'I live in Lisbon.', signal = new AbortController().signal) {
  const route = await routeJob(deps, sample, signal);
  if (!('provider' in route)) throw new Error(JSON.stringify(route));
  return route;
}

describe('availability decides whether a job runs', () => {
  test('no LanguageModel (Debian Chromium, Firefox): the job waits, saying so', async () => {
    const route = await routeJob({ api: null, detect: async () => 'en' }, 'x', new AbortController().signal);
    expect(route).toEqual({ wait: { code: 'chrome-absent' }, retryInMs: expect.any(Number) });
  });

  test.each(['downloadable', 'downloading'] as const)(
    '%s: the job waits for the download',
    async (availability) => {
      const { deps, record } = fake({ availability });
      expect(await routeJob(deps, 'x', new AbortController().signal)).toMatchObject({
        wait: { code: 'chrome-not-downloaded' },
      });
      // Waiting never starts a download: only the person's Download button does.
      expect(record().created).toBe(0);
    },
  );

  test('unavailable: the job waits, saying the model cannot run here', async () => {
    const { deps } = fake({ availability: 'unavailable' });
    expect(await routeJob(deps, 'x', new AbortController().signal)).toMatchObject({
      wait: { code: 'chrome-cannot-run' },
    });
  });
});

describe('one session per job, sized to its quota, destroyed after', () => {
  test('the job gets limits from the session quota; every call is a clone, all destroyed at close', async () => {
    const { deps, record } = fake({ inputQuota: 3000 });
    const route = await open(deps);
    expect(route.provider.limits).toEqual(chromeLimits(3000));
    expect(route.provider.limits.contextTokens).toBe(3000);
    await extract(route.provider, 'I live in Lisbon.');
    await route.provider.complete({
      system: 'CONSOLIDATE.',
      user: 'facts',
      schema: ConsolidationOutput,
      schemaName: 'operations',
    });
    // One job session and one clone per call.
    expect(record().created).toBe(3);
    expect(record().destroyed).toBe(2);
    route.close();
    expect(record().destroyed).toBe(3);
  });

  test("the answer is constrained by the prompt's own JSON Schema (from its zod schema) and parsed", async () => {
    const { deps, record } = fake();
    const route = await open(deps);
    const out = await extract(route.provider, 'I live in Lisbon.');
    expect(out.data.memories[0]?.text).toBe('Lives in Lisbon.');
    expect(record().prompts[0]?.constraint).toEqual(jsonSchemaOf(ExtractionOutput));
    // The instructions travel in the first turn of the clone: the session has no system role per call.
    expect(record().prompts[0]?.text).toMatch(/^EXTRACT memories\.\n\nI live in Lisbon\./);
    route.close();
  });

  test('a part over the quota is refused before the model is asked, with sizes', async () => {
    const { deps, record } = fake({ inputQuota: 100 });
    const route = await open(deps);
    await expect(extract(route.provider, 'x'.repeat(2000))).rejects.toThrow(
      /too long for Chrome's built-in model \(\d+ tokens; it takes 100\)/,
    );
    expect(record().prompts).toEqual([]);
    route.close();
    expect(record().destroyed).toBe(record().created);
  });

  test('a cancelled job aborts its prompt and fails with the reason it was cancelled', async () => {
    const { deps, record } = fake({ hold: true });
    const stop = new AbortController();
    const route = await open(deps, 'I live in Lisbon.', stop.signal);
    const pending = extract(route.provider, 'I live in Lisbon.', stop.signal);
    await expect.poll(() => record().prompts.length).toBe(1);
    stop.abort(new Error('Cancelled: what this job was reading was deleted'));
    await expect(pending).rejects.toThrow('Cancelled: what this job was reading was deleted');
    route.close();
    expect(record().destroyed).toBe(record().created);
  });

  test('a refusal fails the call in plain words', async () => {
    const { deps } = fake({ refuse: true });
    const route = await open(deps);
    await expect(extract(route.provider, 'I live in Lisbon.')).rejects.toThrow(
      /Chrome's built-in model declined/,
    );
    route.close();
  });
});

describe('languages come from the API', () => {
  test('a language the model reads opens the session in it', async () => {
    const { deps, record } = fake();
    const route = await open(deps, 'I live in Lisbon.');
    expect(record().creates).toEqual([{ languages: ['en'] }]);
    route.close();
  });

  test('another language is refused by name, with no session and nothing sent', async () => {
    const { deps, record } = fake();
    const route = await routeJob(deps, 'Bonjour, je vis à Lyon.', new AbortController().signal);
    expect(route).toEqual({ refused: { code: 'language', language: 'fr' } });
    expect(record().created).toBe(0);
    expect(record().prompts).toEqual([]);
  });

  test('the same French text is read once the API says the model accepts French', async () => {
    const { deps } = fake({ languages: ['en', 'fr'] });
    const route = await open(deps, 'Bonjour, je vis à Lyon.');
    route.close();
  });
});

test('Test connection opens a session for one call and destroys it', async () => {
  const { deps, record } = fake({ replies: [{ when: 'connectivity', reply: '{"ok":true}' }] });
  const { z } = await import('zod/mini');
  const out = await chromeProvider(deps).complete({
    system: 'You are a connectivity check.',
    user: 'Reply with {"ok": true}.',
    schema: z.object({ ok: z.boolean() }),
    schemaName: 'ping',
  });
  expect(out.data).toEqual({ ok: true });
  expect(record().destroyed).toBe(record().created);
});
