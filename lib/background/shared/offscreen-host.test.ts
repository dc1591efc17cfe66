import { afterEach, expect, test, vi } from 'vitest';
import { askOffscreen } from './offscreen-host';

afterEach(() => vi.unstubAllGlobals());

test('without offscreen documents, each asker says what it cannot do (#26)', async () => {
  vi.stubGlobal('chrome', { runtime: {} });
  await expect(askOffscreen('pastIndex', { op: 'open' })).rejects.toMatchObject({
    problem: { code: 'no-offscreen', host: 'past' },
  });
  await expect(
    askOffscreen('webllmPrepare', { model: 'm', rev: '0123456789abcdef0123456789abcdef01234567' }),
  ).rejects.toMatchObject({ problem: { code: 'no-offscreen', host: 'model' } });
});

test('two first askers at once create one document, then both are answered', async () => {
  let exists = false;
  const createDocument = vi.fn(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    exists = true;
  });
  const sent: unknown[] = [];
  vi.stubGlobal('chrome', {
    offscreen: { hasDocument: async () => exists, createDocument, Reason: { WORKERS: 'WORKERS' } },
    runtime: {
      sendMessage: (message: { type: string }, reply: (r: unknown) => void) => {
        sent.push(message.type);
        reply({ res: message.type === 'pastIndex' ? { empty: true } : { ok: true } });
      },
    },
  });
  const [past, model] = await Promise.all([
    askOffscreen('pastIndex', { op: 'open' }),
    askOffscreen('webllmPrepare', { model: 'm', rev: '0123456789abcdef0123456789abcdef01234567' }),
  ]);
  expect(createDocument).toHaveBeenCalledOnce();
  expect([past, model]).toEqual([{ empty: true }, { ok: true }]);
  expect(sent.sort()).toEqual(['pastIndex', 'webllmPrepare']);
});

test("a document that cannot be created says which host's work it held up", async () => {
  vi.stubGlobal('chrome', {
    offscreen: {
      hasDocument: async () => false,
      createDocument: async () =>
        Promise.reject(new Error('Only a single offscreen document may be created.')),
      Reason: { WORKERS: 'WORKERS' },
    },
    runtime: {},
  });
  await expect(askOffscreen('pastIndex', { op: 'open' })).rejects.toMatchObject({
    problem: { code: 'offscreen-failed', host: 'past', detail: expect.stringMatching(/single offscreen/) },
  });
});

// #39: the index's worker answers in the order messages arrive, and a click's past query must go ahead of its
// memory query. Each ask first checks that the document is there; the browser may answer those checks in any order.
test('asks are sent in the order they were made, whichever document check the browser answers first', async () => {
  let checks = 0;
  const hasDocument = () =>
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), checks++ === 0 ? 20 : 0));
  const sent: unknown[] = [];
  vi.stubGlobal('chrome', {
    offscreen: { hasDocument, createDocument: vi.fn(), Reason: { WORKERS: 'WORKERS' } },
    runtime: {
      sendMessage: (message: { data: { op: string } }, reply: (r: unknown) => void) => {
        sent.push(message.data.op);
        reply({ res: {} });
      },
    },
  });
  await Promise.all([
    askOffscreen('pastIndex', { op: 'query', query: 'cabin', limit: 60, skipConversation: null }),
    askOffscreen('pastIndex', {
      op: 'memQuery',
      ...{ mode: 'lexical', query: 'cabin', scopes: null, exclude: [], now: 0 },
    }),
  ]);
  expect(sent).toEqual(['query', 'memQuery']);
});
