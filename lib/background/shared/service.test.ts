import { expect, test } from 'vitest';
import { startAll, type Start } from './service';

test('startAll starts in order and stops in reverse, at every Stop', () => {
  const said: string[] = [];
  const named =
    (name: string): Start<null> =>
    () => (said.push(`start ${name}`), () => void said.push(`stop ${name}`));
  const stop = startAll(null, [named('a'), named('b'), named('c')]);
  stop();
  stop();
  expect(said).toEqual([
    'start a',
    'start b',
    'start c',
    'stop c',
    'stop b',
    'stop a',
    'stop c',
    'stop b',
    'stop a',
  ]);
});
