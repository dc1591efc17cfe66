// #28: the head of each list holds its evidence; a long flat run of one list's scores must not bury the other's.
import { expect, test } from 'vitest';
import { memory } from '../../test/helpers/records';
import { byPlace } from './places';
import type { Ranked } from './rank';

const line = (id: string, score: number, excerpt = false): Ranked => ({
  memory: { ...memory({ id, text: id, tokenCount: 10 }), ...(excerpt ? { excerpt } : {}) },
  score,
  terms: () => new Set<string>(),
});

const flatPast = Array.from({ length: 12 }, (_, i) => line(`p${i + 1}`, 9.6 - i * 0.01, true));
const ranked = [line('m1', 10), ...flatPast, line('m2', 8)];
const placeOf = (order: readonly Ranked[], id: string) => order.findIndex((r) => r.memory.id === id) + 1;

test("a memory below a flat run of past lines rises above that run's tail, more in a small block", () => {
  expect(placeOf(ranked, 'm2')).toBe(14);
  const small = byPlace(ranked, 600);
  // From the 6th past line down, each weighs less than the second memory in a 600-token block.
  expect(placeOf(small, 'm2')).toBe(7);
  expect(small.slice(0, 5).map((r) => r.memory.id)).toEqual(['m1', 'p1', 'p2', 'p3', 'p4']);
  expect(placeOf(byPlace(ranked, 2000), 'm2')).toBeGreaterThan(placeOf(small, 'm2'));
});

test("each list's first four keep their score and their order; the order within a list never changes", () => {
  const out = byPlace(ranked, 600);
  expect(out.find((r) => r.memory.id === 'p4')?.score).toBe(9.6 - 3 * 0.01);
  expect(out.filter((r) => r.memory.excerpt).map((r) => r.memory.id)).toEqual(
    flatPast.map((r) => r.memory.id),
  );
});
