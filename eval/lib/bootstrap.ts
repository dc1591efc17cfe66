// Paired bootstrap CI for the difference between two versions' per-case scores (#7). Paired because both
// versions ran the same cases: resampling cases keeps each case's two scores together.
import { mulberry32 } from '../../test/helpers/seeded-random';

export interface BootstrapResult {
  n: number;
  meanA: number;
  meanB: number;
  /** mean(B) − mean(A): positive means B scored higher. */
  diff: number;
  low: number;
  high: number;
  confidence: number;
  resamples: number;
  seed: number;
  /** True when the interval excludes 0. */
  significant: boolean;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function quantile(sorted: number[], q: number): number {
  const at = Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)));
  return sorted[at]!;
}

export function pairedBootstrap(
  a: number[],
  b: number[],
  options: { resamples?: number; seed?: number; confidence?: number } = {},
): BootstrapResult {
  const { resamples = 10_000, seed = 7, confidence = 0.95 } = options;
  if (a.length !== b.length)
    throw new Error(`paired bootstrap needs equal lengths, got ${a.length} and ${b.length}`);
  if (a.length === 0) throw new Error('paired bootstrap needs at least one case');
  const n = a.length;
  const diffs = b.map((x, i) => x - a[i]!);
  const rand = mulberry32(seed);
  const means = new Array<number>(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diffs[Math.floor(rand() * n)]!;
    means[r] = sum / n;
  }
  means.sort((x, y) => x - y);
  const tail = (1 - confidence) / 2;
  const low = quantile(means, tail);
  const high = quantile(means, 1 - tail);
  const diff = mean(diffs);
  return {
    n,
    meanA: mean(a),
    meanB: mean(b),
    diff,
    low,
    high,
    confidence,
    resamples,
    seed,
    significant: low > 0 || high < 0,
  };
}
