import { describe, expect, test, vi } from 'vitest';
import { memory } from '../../test/helpers/records';
import { EmbeddingCache, openAiEmbedder, type Embedder } from './semantic';

// A toy embedding: one axis per topic word, so similarity is predictable.
const AXES = ['car', 'food', 'music'];
const vec = (text: string) =>
  AXES.map((a) =>
    text.toLowerCase().includes(a) || (a === 'car' && /volvo|vehicle/i.test(text)) ? 1 : 0.01,
  );

function fakeEmbedder(model = 'toy'): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return { model, calls, embed: async (texts) => (calls.push([...texts]), texts.map(vec)) };
}

const M = [
  memory({ id: 'v', text: 'I drive a Volvo.' }),
  memory({ id: 'f', text: 'Favourite food: ramen.' }),
];

describe('semantic tier', () => {
  test('ranks by similarity and embeds each memory once per model and text', async () => {
    const cache = new EmbeddingCache();
    const e = fakeEmbedder();
    expect(await cache.rank(e, 'my car', M)).toEqual(['v', 'f']);
    expect(await cache.rank(e, 'food', M)).toEqual(['f', 'v']);
    expect(e.calls.filter((c) => c.length === 2)).toHaveLength(1);
    const other = fakeEmbedder('other-model');
    await cache.rank(other, 'car', M);
    expect(other.calls[0]).toEqual(['I drive a Volvo.', 'Favourite food: ramen.']);
    await cache.rank(other, 'car', [{ ...M[0]!, text: 'I drive a Volvo estate.' }]);
    expect(other.calls.at(-2)).toEqual(['I drive a Volvo estate.']);
  });

  test('no embedder, or a failing one, means null: recall stays lexical without an error', async () => {
    const cache = new EmbeddingCache();
    expect(await cache.rank(null, 'car', M)).toBeNull();
    const broken: Embedder = { model: 'x', embed: async () => Promise.reject(new Error('offline')) };
    expect(await cache.rank(broken, 'car', M)).toBeNull();
  });

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
    expect(JSON.parse(String(init.body))).toEqual({ model: 'text-embedding-3-small', input: ['a', 'b'] });
    const bad = openAiEmbedder({ baseUrl: 'https://x/v1', apiKey: 'k', model: 'm' }, async () =>
      Response.json({ data: [] }),
    );
    await expect(bad.embed(['a'])).rejects.toThrow(/malformed/);
  });
});
