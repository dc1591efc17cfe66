import { expect, test } from 'vitest';
import { memory } from '../../test/helpers/records';
import { viewFor } from '../past/memory-answer';
import { loadSqlite, memoryTable } from '../past/memory-db';
import { recall, type RecallInput } from './recall';
import { recallable } from './index';

await loadSqlite();

// A person who clicks Remove and sees the line stay has met a real bug (#12, the insert.e2e Remove flake): two
// near-identical memories, one shown (MMR keeps the twin out), Remove on it, and the twin took its place.
test('Remove takes the line out, not just the one memory: its near-duplicate twin does not take its place', () => {
  const table = memoryTable(
    [
      memory({ id: 'home', text: 'I live in Lisbon and work as a marine biologist.' }),
      memory({ id: 'twin', text: 'I live in Lisbon and I work as a marine biologist.' }),
      memory({ id: 'flat', text: 'My Lisbon flat has a balcony.' }),
    ].map(recallable),
  );
  const ask = (exclude: string[]) => {
    const input: RecallInput = {
      draft: 'Lisbon',
      recent: [],
      scopes: null,
      budgetTokens: 600,
      now: 0,
      exclude,
    };
    return recall(viewFor(table, input), input).lines.map((l) => l.id);
  };
  const first = ask([]);
  expect(first).toHaveLength(2);
  const shown = first.find((id) => id === 'home' || id === 'twin')!;
  expect(ask([shown])).toEqual(['flat']);
});
