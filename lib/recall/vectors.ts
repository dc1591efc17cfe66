// Vector arithmetic for the semantic tier: unit vectors, a text hash to notice edits, and a top-k scan.
// Measured by `npm run bench:semantic` (10k memories at 1536 and 512 dims).

export function normalize(v: readonly number[]): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  return Float32Array.from(v, (x) => x / norm);
}

export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let s0 = 0;
  let s1 = 0;
  let i = 0;
  // Two accumulators: 47 vs 55 ms p50 for 10k × 1536 against one (node 22, this shared 2-core box; noisy).
  for (; i + 1 < n; i += 2) {
    s0 += (a[i] ?? 0) * (b[i] ?? 0);
    s1 += (a[i + 1] ?? 0) * (b[i + 1] ?? 0);
  }
  if (i < n) s0 += (a[i] ?? 0) * (b[i] ?? 0);
  return s0 + s1;
}

/** cyrb53: a fast 53-bit string hash. Only tells "same text as when embedded"; it guards nothing secret. */
export function textHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export interface Scored {
  id: string;
  vector: Float32Array;
}

/**
 * The k ids most similar to `q`, best first, keeping only those at least `z` standard deviations above this
 * query's mean similarity over the store. Fusion gives every listed id a score and the packer fills the
 * budget, so an unfiltered list would pad every block with unrelated memories (a 2-memory store put "ramen"
 * beside "car" in lib/background/embeddings.test.ts). The floor is relative because each model has its own
 * background similarity (≈0.1 for text-embedding-3-small, higher for many local models). Ranking fuses only
 * the top 100 (rank.ts), so a bounded insertion buffer replaces a full sort.
 */
export function topByCosine(q: Float32Array, items: Iterable<Scored>, k: number, z = 1): string[] {
  const ids: string[] = [];
  const scores: number[] = [];
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (const item of items) {
    const s = dot(q, item.vector);
    n++;
    sum += s;
    sumSq += s * s;
    if (ids.length === k && s <= (scores[k - 1] ?? -Infinity)) continue;
    let at = Math.min(ids.length, k);
    while (at > 0 && (scores[at - 1] ?? Infinity) < s) at--;
    ids.splice(at, 0, item.id);
    scores.splice(at, 0, s);
    if (ids.length > k) {
      ids.pop();
      scores.pop();
    }
  }
  const mean = n ? sum / n : 0;
  const floor = mean + z * Math.sqrt(Math.max(0, sumSq / (n || 1) - mean * mean));
  return ids.filter((_, i) => (scores[i] ?? -Infinity) >= floor - 1e-9);
}
