// `npm run bench:semantic`: the time the semantic tier adds to a preview once every memory has a vector
// (the network call for the query's own embedding excluded: the fake embedder answers at once). 10k memories
// at 1536 dims (text-embedding-3-small in full) and 512 (what the background asks it for), per-vector
// Float32Arrays as the cache keeps them, against one flat Float32Array matrix for comparison. Prints JSON.
import type { Recallable } from '../lib/recall/index';
import { EmbeddingCache, type Embedder } from '../lib/recall/semantic';
import { dot } from '../lib/recall/vectors';
import { memories, rng, vocabulary, round, summarize } from './synthetic';

const QUERIES = 200;

function randomEmbedder(dims: number, seed: number): Embedder {
  const rand = rng(seed);
  return {
    model: `bench-${dims}`,
    embed: async (texts) => texts.map(() => Array.from({ length: dims }, () => rand() - 0.5)),
  };
}

async function timeRank(cache: EmbeddingCache, e: Embedder, store: Recallable[]) {
  for (let i = 0; i < 10; i++) await cache.rank(e, `warm ${i}`, store);
  const samples: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const started = performance.now();
    await cache.rank(e, `query ${i}`, store);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/** The alternative the issue suggests: all vectors in one Float32Array, scored in one pass. */
function timeFlat(dims: number, count: number) {
  const rand = rng(dims + 1);
  const matrix = Float32Array.from({ length: dims * count }, () => rand() - 0.5);
  const scores = new Float32Array(count);
  const samples: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const q = Float32Array.from({ length: dims }, () => rand() - 0.5);
    const started = performance.now();
    for (let r = 0; r < count; r++) {
      let s = 0;
      for (let d = 0, o = r * dims; d < dims; d++, o++) s += (q[d] ?? 0) * (matrix[o] ?? 0);
      scores[r] = s;
    }
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

function timeDotOnly(dims: number, count: number) {
  const rand = rng(dims + 2);
  const rows = Array.from({ length: count }, () => Float32Array.from({ length: dims }, () => rand() - 0.5));
  const samples: number[] = [];
  for (let i = 0; i < QUERIES; i++) {
    const q = Float32Array.from({ length: dims }, () => rand() - 0.5);
    const started = performance.now();
    let sink = 0;
    for (const r of rows) sink += dot(q, r);
    samples.push(performance.now() - started + sink * 0);
  }
  return summarize(samples);
}

async function benchDims(dims: number, count: number) {
  const rand = rng(count);
  const store = memories(count, vocabulary(20_000, rand), rand);
  const cache = new EmbeddingCache();
  const e = randomEmbedder(dims, dims);
  await cache.sync(e, store, { batch: 2048 });
  return {
    memories: count,
    dims,
    vectorMB: round((count * dims * 4) / 1e6),
    semanticRankMs: await timeRank(cache, e, store),
    dotsOnlyMs: timeDotOnly(dims, count),
    flatMatrixDotsMs: timeFlat(dims, count),
  };
}

const results = [];
for (const dims of [1536, 512]) results.push(await benchDims(dims, 10_000));
console.log(JSON.stringify({ semanticTier: results }, null, 2));
