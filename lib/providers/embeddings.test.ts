import { expect, test, vi } from 'vitest';
import { dimensionsFor, openAiEmbedder } from './embeddings';

test('the OpenAI-compatible embedder posts to /embeddings and orders rows by index', async () => {
  const fetchFn = vi.fn(async () =>
    Response.json({
      data: [
        { index: 1, embedding: [0, 1] },
        { index: 0, embedding: [1, 0] },
      ],
    }),
  );
  const e = openAiEmbedder(
    { baseUrl: 'https://api.example/v1/', apiKey: 'k', model: 'text-embedding-3-small' },
    fetchFn,
  );
  expect(await e.embed(['a', 'b'])).toEqual([
    [1, 0],
    [0, 1],
  ]);
  expect(e.model).toBe('https://api.example/v1/#text-embedding-3-small');
  const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('https://api.example/v1/embeddings');
  expect(new Headers(init.headers).get('authorization')).toBe('Bearer k');
  expect(JSON.parse(String(init.body))).toEqual({ model: 'text-embedding-3-small', input: ['a', 'b'] });
});

test('a local server without a key gets no Authorization header', async () => {
  const fetchFn = vi.fn(async () => Response.json({ data: [{ index: 0, embedding: [1] }] }));
  await openAiEmbedder({ baseUrl: 'http://127.0.0.1:1/v1', apiKey: '', model: 'm' }, fetchFn).embed(['a']);
  const [, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
  expect(new Headers(init.headers).has('authorization')).toBe(false);
});

test('errors and malformed replies are refused in plain words', async () => {
  const reply = (body: unknown, status = 200) =>
    openAiEmbedder({ baseUrl: 'https://x/v1', apiKey: 'k', model: 'm' }, async () =>
      Response.json(body, { status }),
    ).embed(['a']);
  await expect(reply({ data: [] })).rejects.toThrow(/malformed/);
  await expect(reply({ data: [{ index: 0, embedding: ['x'] }] })).rejects.toThrow(/malformed/);
  await expect(reply({ error: 'nope' }, 401)).rejects.toThrow(/HTTP 401/);
});

test('a 429 is retried as the chat providers retry it, honouring Retry-After', async () => {
  const fetchFn = vi
    .fn<typeof fetch>()
    .mockResolvedValueOnce(new Response('slow down', { status: 429, headers: { 'retry-after': '0' } }))
    .mockResolvedValueOnce(Response.json({ data: [{ index: 0, embedding: [1] }] }));
  const e = openAiEmbedder({ baseUrl: 'https://x/v1', apiKey: 'k', model: 'm' }, fetchFn);
  expect(await e.embed(['a'])).toEqual([[1]]);
  expect(fetchFn).toHaveBeenCalledTimes(2);
});

test('text-embedding-3 models are asked for 512 dimensions, which become part of the identity', async () => {
  expect(dimensionsFor('text-embedding-3-small')).toBe(512);
  expect(dimensionsFor('nomic-embed-text')).toBeUndefined();
  const fetchFn = vi.fn(async () => Response.json({ data: [{ index: 0, embedding: [1] }] }));
  const e = openAiEmbedder({ baseUrl: 'https://x/v1', apiKey: 'k', model: 'm', dimensions: 512 }, fetchFn);
  await e.embed(['a']);
  expect(e.model).toBe('https://x/v1#m@512');
  const [, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
  expect(JSON.parse(String(init.body))).toEqual({ model: 'm', input: ['a'], dimensions: 512 });
});
