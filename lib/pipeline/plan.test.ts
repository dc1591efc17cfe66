// The job planner (#12): parts within the room, every new turn once and whole (or in consecutive pieces),
// each part with the turns before it as context, at most partsPerJob parts per job.
import { describe, expect, test } from 'vitest';
import { planJob, type PlanTurn } from './plan';

/** One token per word: the planner's arithmetic, readable in a test. */
const words = async (text: string) => text.split(/\s+/).filter(Boolean).length;

const turn = (order: number, role: 'user' | 'assistant', n: number): PlanTurn => ({
  id: `t${order}`,
  order,
  role,
  at: '2026-11-01T10:00:00.000Z',
  text: Array.from({ length: n }, (_, i) => `w${order}x${i}`).join(' '),
});

const room = { freshTokens: 120, contextTokens: 40, contextTurns: 4, partsPerJob: 3 };

describe('planJob', () => {
  test('turns are packed in order; an answer too long for a part goes in consecutive pieces', async () => {
    const fresh = [turn(0, 'user', 20), turn(1, 'assistant', 250), turn(2, 'user', 30)];
    const plan = await planJob([], fresh, { ...room, partsPerJob: 5 }, words);
    const pieces = plan.parts.flatMap((p) => p.fresh);
    for (const t of fresh)
      expect(
        pieces
          .filter((p) => p.turn === t)
          .map((p) => p.text)
          .join(''),
      ).toBe(t.text);
    expect(pieces.filter((p) => p.turn === fresh[1]).map((p) => `${p.piece}/${p.pieces}`)).toEqual([
      '1/3',
      '2/3',
      '3/3',
    ]);
    for (const part of plan.parts) expect(part.tokens).toBeLessThanOrEqual(room.freshTokens);
    expect(plan.toOrder).toBe(2);
    expect(plan.cut).toBeNull();
  });

  test('each part keeps the turns before it as context, nearest last, cut to the context room', async () => {
    const before = [turn(0, 'user', 10), turn(1, 'assistant', 300)];
    const fresh = [turn(2, 'user', 100), turn(3, 'user', 100)];
    const plan = await planJob(before, fresh, room, words);
    expect(plan.parts).toHaveLength(2);
    const [first, second] = plan.parts;
    expect(first?.context.map((t) => t.id)).toEqual(['t1']);
    expect(first?.context[0]?.text.startsWith('… ')).toBe(true);
    expect(before[1]?.text.endsWith(first!.context[0]!.text.slice(2))).toBe(true);
    expect(second?.context.at(-1)?.id).toBe('t2');
    for (const p of plan.parts) {
      const used = await Promise.all(p.context.map((t) => words(t.text)));
      expect(used.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(room.contextTokens);
    }
  });

  test('a job makes at most partsPerJob requests; the next turn waits for the next job', async () => {
    const fresh = Array.from({ length: 8 }, (_, i) => turn(i, i % 2 ? 'assistant' : 'user', 100));
    const plan = await planJob([], fresh, room, words);
    expect(plan.parts).toHaveLength(3);
    expect(plan.toOrder).toBe(2);
    expect(plan.cut).toBeNull();
  });

  test('a first turn longer than a whole job is read up to the cap, and says so', async () => {
    const plan = await planJob([], [turn(5, 'user', 1000), turn(6, 'user', 5)], room, words);
    expect(plan.parts).toHaveLength(3);
    expect(plan.toOrder).toBe(5);
    expect(plan.cut).toMatchObject({ order: 5 });
    expect(plan.cut!.readTokens).toBeLessThan(plan.cut!.totalTokens);
  });
});
