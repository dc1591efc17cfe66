// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pairedBootstrap } from './bootstrap';

describe('pairedBootstrap', () => {
  const a = Array.from({ length: 40 }, (_, i) => 0.5 + ((i * 37) % 11) / 40);

  it('finds a consistent improvement significant, with the CI around the mean difference', () => {
    const b = a.map((x, i) => x + 0.1 + (i % 3) * 0.01);
    const r = pairedBootstrap(a, b);
    expect(r.resamples).toBe(10_000);
    expect(r.diff).toBeCloseTo(0.11, 2);
    expect(r.low).toBeGreaterThan(0);
    expect(r.low).toBeLessThanOrEqual(r.diff);
    expect(r.high).toBeGreaterThanOrEqual(r.diff);
    expect(r.significant).toBe(true);
  });

  it('does not call noise significant', () => {
    const b = a.map((x, i) => x + (i % 2 === 0 ? 0.05 : -0.05));
    const r = pairedBootstrap(a, b);
    expect(r.low).toBeLessThan(0);
    expect(r.high).toBeGreaterThan(0);
    expect(r.significant).toBe(false);
  });

  it('is deterministic for a seed', () => {
    const b = a.map((x, i) => x + (i % 5) * 0.02);
    expect(pairedBootstrap(a, b, { seed: 3 })).toEqual(pairedBootstrap(a, b, { seed: 3 }));
    expect(pairedBootstrap(a, b, { seed: 3 }).low).not.toBe(pairedBootstrap(a, b, { seed: 4 }).low);
  });

  it('refuses unpaired or empty input', () => {
    expect(() => pairedBootstrap([1], [1, 2])).toThrow(/equal lengths/);
    expect(() => pairedBootstrap([], [])).toThrow(/at least one/);
  });
});
