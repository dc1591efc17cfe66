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

test('wxt.config wires the runner: the flag for the dev Chromium, the line when the dev server starts', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  for (const [uid, args] of [
    [0, ['--no-sandbox']],
    [1000, []],
  ] as const) {
    vi.spyOn(process, 'getuid').mockReturnValue(uid);
    log.mockClear();
    vi.resetModules();
    const { default: config } = await import('../../wxt.config');
    expect(config.webExt?.chromiumArgs).toEqual(args);
    const started: unknown = Reflect.get(config.hooks ?? {}, 'server:started');
    expect(typeof started).toBe('function');
    (started as () => void)();
    expect(log).toHaveBeenCalledTimes(uid === 0 ? 1 : 0);
  }
});
