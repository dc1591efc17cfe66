import { beforeEach, describe, expect, test, vi } from 'vitest';
import { memory } from '../../test/helpers/records';
import { deleteDb } from '../store/db';
import { countVectors, deleteVectors, loadVectors, putVectors } from '../store/embeddings';
import { EmbeddingCache, type Embedder, type VectorStore } from './semantic';
import { textHash } from './vectors';

// A toy embedding: one axis per topic word, so similarity is predictable.
const AXES = ['car', 'food', 'music'];
const vec = (text: string) =>
  AXES.map((a) =>
    text.toLowerCase().includes(a) || (a === 'car' && /volvo|vehicle/i.test(text)) ? 1 : 0.01,
  );

function fakeEmbedder(model = 'toy'): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  const embed = async (texts: readonly string[]) => {
    calls.push([...texts]);
    return texts.map(vec);
  };
  return { model, calls, embed };
}

const M = [
  memory({ id: 'v', text: 'I drive a Volvo.' }),
  memory({ id: 'f', text: 'Favourite food: ramen.' }),
];

const dexieStore: VectorStore = { load: loadVectors, put: putVectors, remove: deleteVectors };

beforeEach(() => deleteDb());

describe('semantic tier', () => {
  test('ranks by similarity and embeds each memory once per model and text', async () => {
    const cache = new EmbeddingCache();
    const e = fakeEmbedder();
    expect(await cache.rank(e, 'my car', M)).toEqual(['v']);
    expect(await cache.rank(e, 'food', M)).toEqual(['f']);
    expect(e.calls.filter((c) => c.length === 2)).toHaveLength(1);
    const other = fakeEmbedder('other-model');
    await cache.rank(other, 'car', M);
    expect(other.calls[0]).toEqual(['I drive a Volvo.', 'Favourite food: ramen.']);
    await cache.rank(other, 'car', [{ ...M[0]!, text: 'I drive a Volvo estate.' }]);
    expect(other.calls.at(-1)).toEqual(['I drive a Volvo estate.']);
  });

  test('no embedder, or a failing one, means null: recall stays lexical, the error is kept for Settings', async () => {
    const cache = new EmbeddingCache();
    expect(await cache.rank(null, 'car', M)).toBeNull();
    const broken: Embedder = { model: 'x', embed: async () => Promise.reject(new Error('offline')) };
    expect(await cache.rank(broken, 'car', M)).toBeNull();
    expect(cache.lastError).toBe('offline');
  });

  test('a slow embedder is cut off at the deadline; the vectors it sends later are kept', async () => {
    const cache = new EmbeddingCache();
    // The embedder answers only when released, so the null below can only be the deadline's: no wall-clock bound
    // (one of 100 ms failed on a loaded 2-core machine, where a 30 ms timer can fire 100 ms late).
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const inner = fakeEmbedder('slow');
    const slow = { ...inner, embed: async (texts: readonly string[]) => (await gate, inner.embed(texts)) };
    expect(await cache.rank(slow, 'my car', M, { timeoutMs: 30 })).toBeNull();
    expect(cache.lastError).toMatch(/longer than 30 ms/);
    release();
    await vi.waitFor(() => expect(cache.missing(M)).toEqual([]));
    // The query's vector arrived too: the same draft (a slider move) asks nothing more.
    const calls = inner.calls.length;
    expect(await cache.rank(slow, 'my car', M, { timeoutMs: 30 })).toEqual(['v']);
    expect(inner.calls.length).toBe(calls);
    expect(cache.lastError).toBeNull();
  });

  test('vectors of another model, or of an older text, are never compared', async () => {
    // A stored vector of model A that points at "food" for the Volvo memory: B must not read it.
    await putVectors([
      { memoryId: 'v', model: 'A', textHash: textHash('I drive a Volvo.'), vector: Float32Array.of(0, 1, 0) },
      { memoryId: 'f', model: 'B', textHash: textHash('an older text'), vector: Float32Array.of(1, 0, 0) },
    ]);
    const cache = new EmbeddingCache(dexieStore);
    const b = fakeEmbedder('B');
    expect(await cache.rank(b, 'my car', M)).toEqual(['v']);
    expect(b.calls[0]).toEqual(['I drive a Volvo.', 'Favourite food: ramen.']);
  });

  test('the cache survives a restart: a new instance reads the store and embeds only the query', async () => {
    const e = fakeEmbedder();
    await new EmbeddingCache(dexieStore).sync(e, M);
    expect(await countVectors('toy')).toBe(2);
    const restarted = new EmbeddingCache(dexieStore);
    const after = fakeEmbedder();
    expect(await restarted.rank(after, 'food', M)).toEqual(['f']);
    expect(after.calls).toEqual([['food']]);
  });

  test('sync embeds in batches of 64; sweep removes the vectors of memories that are gone', async () => {
    const many = Array.from({ length: 150 }, (_, i) => memory({ id: `m${i}`, text: `note ${i}` }));
    const cache = new EmbeddingCache(dexieStore);
    const e = fakeEmbedder();
    expect(await cache.sync(e, many)).toBe(150);
    expect(e.calls.map((c) => c.length)).toEqual([64, 64, 22]);
    expect(await cache.sync(e, many)).toBe(0);
    await cache.sweep(new Set(many.slice(0, 100).map((m) => m.id)));
    expect(await countVectors('toy')).toBe(100);
    expect(cache.embeddedCount('toy', many)).toBe(100);
  });
});
