// Held-out Claude layout (#36): the July 2026 project chat that still stored the project panel as the answer and
// lost the real one, rebuilt by hand (it is not in ../shared).
import { loadPage } from '../../../test/fixtures/pages/load';
import { parseTurns } from './parse';

it('a project panel at the head of the thread is no answer, and each answer is its row’s text, not its label', () => {
  expect(parseTurns(loadPage('claude-2026-07-held-out.html')).map((t) => [t.role, t.text])).toEqual([
    ['user', 'How hot should compost get?'],
    ['assistant', 'Between 55 and 65 °C in the middle of the heap.'],
    ['user', 'And how often should I turn it?'],
    ['assistant', 'Once a week while it is hot.'],
  ]);
});
