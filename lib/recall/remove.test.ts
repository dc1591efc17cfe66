import { expect, test } from 'vitest';
import { memory } from '../../test/helpers/records';
import { RecallIndex } from './index';
import { recall } from './recall';
import { recallable } from './index';

// A person who clicks Remove and sees the line stay has met a real bug (#12, the insert.e2e Remove flake): two
// near-identical memories, one shown (MMR keeps the twin out), Remove on it, and the twin took its place.
test('Remove takes the line out, not just the one memory: its near-duplicate twin does not take its place', () => {
  const index = new RecallIndex();
  for (const m of [
    memory({ id: 'home', text: 'I live in Lisbon and work as a marine biologist.' }),
    memory({ id: 'twin', text: 'I live in Lisbon and I work as a marine biologist.' }),
    memory({ id: 'flat', text: 'My Lisbon flat has a balcony.' }),
  ])
    index.upsert(recallable(m));
  const ask = (exclude: string[]) =>
    recall(index, {
      draft: 'Lisbon',
      recent: [],
      scopes: null,
      budgetTokens: 600,
      now: 0,
      exclude,
    }).lines.map((l) => l.id);
  const first = ask([]);
  expect(first).toHaveLength(2);
  const shown = first.find((id) => id === 'home' || id === 'twin')!;
  expect(ask([shown])).toEqual(['flat']);
});
