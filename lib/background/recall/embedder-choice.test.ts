// The semantic tier end to end inside the background, with a fake /v1/embeddings: which embedder the
// settings allow (or why none), recall using it, falling back silently, and vectors following deletes.
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../model/settings';
import { providerItem } from '../../store/secrets';
import { settingsItem } from '../../settings';
import { deleteDb } from '../../store/db';
import { countVectors } from '../../store/embeddings';
import { chooseEmbedder, refreshEmbedder, semanticStatus, startEmbeddings } from './embedder-choice';
import { resetEmbeddingSync, syncEmbeddings } from './embedding-sync';
import { handlers } from '../handlers';
import { memoryHost } from '../../past/memory-db';
import { keyItem } from '../pipeline/current-provider';
import { resetRecallIndex } from './recall-area';
import { SEMANTIC_TIMEOUT_MS, setRecallEmbedder } from './semantic-tier';
import { startStoreFollowers } from './follow-store';
import { loadEngines } from '../../../test/helpers/engines';

// Deterministic vectors: car words on one axis, food on another, everything else on a third.
const axis = (t: string) =>
  /car|automobile|volvo/i.test(t) ? [1, 0, 0.1] : /food|ramen|eat/i.test(t) ? [0, 1, 0.1] : [0, 0, 1];
const MODEL = 'https://emb.test/v1#text-embedding-3-small@512';

function fakeFetch(delayMs = 0) {
  return vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const { input } = JSON.parse(String(init?.body)) as { input: string[] };
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    return Response.json({ data: input.map((t, index) => ({ index, embedding: axis(t) })) });
  });
}

const semanticOn: Settings = { ...DEFAULT_SETTINGS, recall: { ...DEFAULT_SETTINGS.recall, semantic: true } };
const granted = async () => true;
const ask = (draft: string) =>
  handlers.recallPreview(
    { site: 'chatgpt', draft, recent: [], scope: null, budgetTokens: null, exclude: [] },
    {},
  );
const texts = async (draft: string) => (await ask(draft)).lines.map((l) => l.text);

// sqlite-wasm and the token encoder load with the file, not inside its first test (test/helpers/engines.ts).
await loadEngines();

// The background starts these at every wake (entrypoints/background.ts); so does this file.
beforeAll(startStoreFollowers);

beforeEach(async () => {
  resetRecallIndex(memoryHost());
  resetEmbeddingSync();
  await deleteDb();
  await settingsItem.setValue(semanticOn);
  await providerItem.setValue({ kind: 'openai', model: 'gpt-4o-mini', baseUrl: 'https://emb.test/v1' });
  await keyItem.setValue('sk-test');
});
afterEach(() => setRecallEmbedder(null));

describe('choosing the embedder', () => {
  test('with no key: the on-device embedder, once its weights are downloaded (#35), its texts not redacted (they stay here)', async () => {
    const local = {
      model: 'webllm:snowflake-arctic-embed-s-q0f32-MLC-b4@abc',
      embed: vi.fn(async (t: readonly string[]) => t.map(() => [1, 0])),
    };
    for (const provider of [
      { kind: 'none' as const, model: '', baseUrl: '' },
      { kind: 'chrome' as const, model: 'built-in', baseUrl: '' },
      { kind: 'anthropic' as const, model: 'claude', baseUrl: '' },
    ]) {
      const choice = await chooseEmbedder({
        settings: semanticOn,
        apiKey: '',
        hasAccess: granted,
        provider,
        local,
      });
      expect(choice).toEqual({ embedder: local, reason: null });
    }
    // An OpenAI-compatible provider the person set up stays their choice.
    const openai = { kind: 'openai' as const, model: 'gpt-4o-mini', baseUrl: 'https://emb.test/v1' };
    const chosen = await chooseEmbedder({
      settings: semanticOn,
      apiKey: 'k',
      hasAccess: granted,
      provider: openai,
      local,
    });
    expect(chosen.embedder?.model).toBe(MODEL);
    // Off is off.
    expect(
      (
        await chooseEmbedder({
          settings: DEFAULT_SETTINGS,
          apiKey: '',
          hasAccess: granted,
          provider: openai,
          local,
        })
      ).embedder,
    ).toBeNull();
  });

  const inputs = { settings: semanticOn, apiKey: 'k', hasAccess: granted };
  const openai = { kind: 'openai' as const, model: 'gpt-4o-mini', baseUrl: 'https://emb.test/v1' };

  test('an OpenAI-compatible provider with host access gives an embedder of the chosen model', async () => {
    const choice = await chooseEmbedder({ ...inputs, provider: openai });
    expect(choice.embedder?.model).toBe(MODEL);
  });

  test('otherwise it says why, as a code the page words in its language', async () => {
    const why = async (over: object) =>
      (await chooseEmbedder({ ...inputs, provider: openai, ...over })).reason;
    expect(await why({ settings: DEFAULT_SETTINGS })).toEqual({ code: 'off' });
    expect(await why({ provider: { kind: 'anthropic', model: 'claude', baseUrl: '' } })).toEqual({
      code: 'anthropic',
    });
    for (const kind of ['webllm', 'chrome'] as const)
      expect(await why({ provider: { kind, model: 'x', baseUrl: '' } })).toEqual({
        code: 'model-no-embeddings',
      });
    expect(await why({ provider: { kind: 'none', model: '', baseUrl: '' } })).toEqual({
      code: 'no-provider',
    });
    expect(await why({ provider: { ...openai, baseUrl: '' } })).toEqual({ code: 'no-base-url' });
    expect(await why({ provider: { ...openai, baseUrl: 'not a url' } })).toEqual({
      code: 'bad-base-url',
      url: 'not a url',
    });
    expect(await why({ hasAccess: async () => false })).toEqual({
      code: 'no-access',
      pattern: 'https://emb.test/*',
    });
  });
});

test('memory texts and the draft reach the embeddings endpoint redacted; with redaction off, as they are (#11)', async () => {
  const fetchFn = fakeFetch();
  const sent = () => fetchFn.mock.calls.map((c) => String(c[1]?.body)).join('\n');
  const key = 'sk-proj-aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z';
  const provider = { kind: 'openai' as const, model: 'gpt-4o-mini', baseUrl: 'https://emb.test/v1' };
  const inputs = { settings: semanticOn, apiKey: 'k', hasAccess: granted, provider };
  const on = (await chooseEmbedder(inputs, fetchFn)).embedder;
  await on?.embed([`my car key is ${key}`, 'DB_PASSWORD=hunter22 in my draft']);
  expect(sent()).not.toContain(key);
  expect(sent()).not.toContain('hunter22');
  expect(sent()).toContain('DB_PASSWORD=[redacted password] in my draft');
  const raw = { ...semanticOn, privacy: { ...semanticOn.privacy, redact: false } };
  const off = (await chooseEmbedder({ ...inputs, settings: raw }, fetchFn)).embedder;
  await off?.embed([`my car key is ${key}`]);
  expect(sent()).toContain(key);
});

describe('recall with the configured embedder', () => {
  test('a memory sharing no word with the draft is recalled only when semantic recall is on', async () => {
    const fetchFn = fakeFetch();
    await handlers.addMemory({ text: 'I drive an automobile to work.', type: 'profile' }, {});
    await handlers.addMemory({ text: 'Favourite food: ramen.', type: 'preference' }, {});
    await settingsItem.setValue(DEFAULT_SETTINGS);
    await refreshEmbedder(granted, fetchFn);
    expect(await texts('my car')).toEqual([]);
    expect(fetchFn).not.toHaveBeenCalled();
    await settingsItem.setValue(semanticOn);
    await refreshEmbedder(granted, fetchFn);
    expect(await texts('my car')).toEqual(['I drive an automobile to work.']);
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('https://emb.test/v1/embeddings');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer sk-test');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      model: 'text-embedding-3-small',
      dimensions: 512,
    });
  });

  test('a failing or slow endpoint falls back to the lexical tier with no error', async () => {
    await handlers.addMemory({ text: 'I drive an automobile to work.', type: 'profile' }, {});
    await refreshEmbedder(
      granted,
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    expect(await texts('automobile')).toEqual(['I drive an automobile to work.']);
    expect((await semanticStatus()).lastError).toMatch(/HTTP 503/);
    // An endpoint that has not answered yet: the preview can only come from the deadline. No upper wall-clock
    // bound (a loaded 2-core machine fires timers late); the lower one shows the deadline is not cut short.
    let answer = () => {};
    const held = new Promise<void>((r) => (answer = r));
    const slow = fakeFetch();
    await refreshEmbedder(granted, async (url, init) => (await held, slow(url, init)));
    const started = performance.now();
    expect(await texts('my car')).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SEMANTIC_TIMEOUT_MS - 5);
    expect((await semanticStatus()).lastError).toMatch(/longer than 800 ms/);
    answer();
  });

  test('without host access the tier stays off and the status says why', async () => {
    const fetchFn = fakeFetch();
    await handlers.addMemory({ text: 'I drive an automobile to work.', type: 'profile' }, {});
    await refreshEmbedder(async () => false, fetchFn);
    expect(await texts('my car')).toEqual([]);
    expect(fetchFn).not.toHaveBeenCalled();
    expect(await semanticStatus()).toMatchObject({ on: false, reason: { code: 'no-access' } });
  });
});

describe('the persisted vectors', () => {
  test('the background pass embeds every memory; trash, delete forever and Delete everything remove vectors', async () => {
    const fetchFn = fakeFetch();
    await refreshEmbedder(granted, fetchFn);
    const a = await handlers.addMemory({ text: 'I drive an automobile.', type: 'profile' }, {});
    const b = await handlers.addMemory({ text: 'I eat ramen.', type: 'preference' }, {});
    await handlers.addMemory({ text: 'I play the cello.', type: 'profile' }, {});
    await syncEmbeddings();
    expect(await countVectors(MODEL)).toBe(3);
    expect(await semanticStatus()).toEqual({
      on: true,
      model: 'text-embedding-3-small',
      embedded: 3,
      total: 3,
      reason: null,
      lastError: null,
    });
    await handlers.deleteMemory({ id: a.id }, {});
    await syncEmbeddings();
    expect(await countVectors(MODEL)).toBe(2);
    await handlers.bulkMemories({ ids: [b.id], action: 'delete' }, {});
    await handlers.purgeMemory({ id: b.id }, {});
    expect(await countVectors(MODEL)).toBe(1);
    await handlers.deleteEverything({ confirm: 'DELETE' }, {});
    expect(await countVectors(MODEL)).toBe(0);
    expect((await semanticStatus()).total).toBe(0);
    expect(await texts('cello')).toEqual([]);
  });

  test('a failed pass is kept as the last error and retried later; nothing is lost', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let down = true;
      const ok = fakeFetch();
      const flaky = vi.fn(async (url: string | URL | Request, init?: RequestInit) =>
        down ? new Response('busy', { status: 429 }) : ok(url, init),
      );
      await refreshEmbedder(granted, flaky);
      await handlers.addMemory({ text: 'I drive an automobile.', type: 'profile' }, {});
      // One quick retry inside the request (lib/providers/http.ts), then the pass gives up until later.
      let settled = false;
      const pass = syncEmbeddings().finally(() => (settled = true));
      while (!settled) await vi.advanceTimersByTimeAsync(50);
      await pass;
      expect(flaky).toHaveBeenCalledTimes(2);
      expect((await semanticStatus()).lastError).toMatch(/HTTP 429/);
      expect(await countVectors(MODEL)).toBe(0);
      down = false;
      await vi.advanceTimersByTimeAsync(30_000);
      await vi.waitFor(async () => expect(await countVectors(MODEL)).toBe(1));
      expect((await semanticStatus()).lastError).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the background wiring', () => {
  test('the embedder follows settings, the key and host access as they change', async () => {
    let granted = true;
    let accessChanged: () => void = () => undefined;
    const fetchFn = fakeFetch();
    const stop = startEmbeddings({
      embeddings: {
        watchMemories: () => () => undefined,
        watchAccess: (onChange) => ((accessChanged = onChange), () => undefined),
        access: async () => granted,
        fetchFn,
      },
    });
    try {
      const status = () => semanticStatus();
      await vi.waitFor(async () => expect((await status()).model).toBe('text-embedding-3-small'));
      await settingsItem.setValue({
        ...semanticOn,
        recall: { ...semanticOn.recall, embeddingModel: 'nomic' },
      });
      await vi.waitFor(async () => expect((await status()).model).toBe('nomic'));
      await keyItem.setValue('sk-rotated');
      await handlers.addMemory({ text: 'I drive an automobile.', type: 'profile' }, {});
      await vi.waitFor(async () => expect(await texts('my car')).toEqual(['I drive an automobile.']));
      const sent = fetchFn.mock.calls.map(([, init]) => new Headers(init?.headers).get('authorization'));
      expect(sent.at(-1)).toBe('Bearer sk-rotated');
      granted = false;
      accessChanged();
      await vi.waitFor(async () => expect((await status()).reason?.code).toBe('no-access'));
    } finally {
      stop();
    }
  });
});
