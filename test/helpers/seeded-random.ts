// The seeded random source of tests, evals and benches (#26: it was copied into each). Math.random cannot be
// seeded; this gives the same sequence for the same seed on every machine, so a failing fault schedule, a
// bootstrap interval and a generated history can each be had again from their seed. Here, not in lib/, because
// the extension never draws a random number it must repeat.

export type Random = () => number;

/** mulberry32: small, fast, and good enough for schedules, resampling indices and synthetic data. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
