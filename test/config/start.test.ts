// `npm start` as root (#14): Chromium gets --no-sandbox only then, and one line says why.
import { afterEach, expect, test, vi } from 'vitest';
import { chromiumRunner } from '../../scripts/runner';

afterEach(() => vi.restoreAllMocks());

test('as root, Chromium gets --no-sandbox and one line says why', () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const root = chromiumRunner(0);
  expect(root.chromiumArgs).toEqual(['--no-sandbox']);
  root.announce();
  expect(log).toHaveBeenCalledTimes(1);
  expect(String(log.mock.calls[0]?.[0])).toMatch(/root.*--no-sandbox/);
});

test('as anyone else (or where there are no uids), Chromium keeps its sandbox and nothing is printed', () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  for (const uid of [1000, undefined]) {
    const runner = chromiumRunner(uid);
    expect(runner.chromiumArgs).toEqual([]);
    runner.announce();
  }
  expect(log).not.toHaveBeenCalled();
});
