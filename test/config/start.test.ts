// `npm start` as root (#14): Chromium gets --no-sandbox only then, and one line says why. With no display (#26)
// it died with an unhandled ECONNRESET: one line says why and what to do instead, and it exits non-zero.
import { afterEach, expect, test, vi } from 'vitest';
import { chromiumRunner, NO_DISPLAY, type RunnerHost } from '../../scripts/runner';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

const host = (over: Partial<RunnerHost>): RunnerHost => ({
  uid: 1000,
  env: { DISPLAY: ':0' },
  platform: 'linux',
  exit: vi.fn(),
  ...over,
});

test('as root, Chromium gets --no-sandbox and one line says why', () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const root = chromiumRunner(host({ uid: 0 }));
  expect(root.chromiumArgs).toEqual(['--no-sandbox']);
  root.announce();
  expect(log).toHaveBeenCalledTimes(1);
  expect(String(log.mock.calls[0]?.[0])).toMatch(/root.*--no-sandbox/);
});

test('as anyone else (or where there are no uids), Chromium keeps its sandbox and nothing is printed', () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  for (const uid of [1000, undefined]) {
    const runner = chromiumRunner(host({ uid }));
    expect(runner.chromiumArgs).toEqual([]);
    runner.announce();
  }
  expect(log).not.toHaveBeenCalled();
});

test('with no display, one line says why and what to do instead, and start exits non-zero', () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  for (const uid of [0, 1000]) {
    const exit = vi.fn();
    error.mockClear();
    chromiumRunner(host({ uid, env: {}, exit })).announce();
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]).toEqual([NO_DISPLAY]);
    expect(exit).toHaveBeenCalledWith(1);
  }
  expect(log).not.toHaveBeenCalled();
  expect(NO_DISPLAY).not.toContain('\n');
  expect(NO_DISPLAY).toMatch(/npm run build.*\.output\/chrome-mv3.*xvfb-run.*npm test/);
});

test('a Wayland display is a display; macOS and Windows need neither variable', () => {
  for (const over of [{ env: { WAYLAND_DISPLAY: 'wayland-0' } }, { env: {}, platform: 'darwin' }]) {
    const exit = vi.fn();
    chromiumRunner(host({ ...over, exit })).announce();
    expect(exit).not.toHaveBeenCalled();
  }
});

async function wxtConfig() {
  vi.resetModules();
  const { default: config } = await import('../../wxt.config');
  const started: unknown = Reflect.get(config.hooks ?? {}, 'server:started');
  expect(typeof started).toBe('function');
  return { config, started: started as () => void };
}

test('wxt.config wires the runner: the flag for the dev Chromium, the line when the dev server starts', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  vi.stubEnv('DISPLAY', ':0');
  for (const [uid, args] of [
    [0, ['--no-sandbox']],
    [1000, []],
  ] as const) {
    vi.spyOn(process, 'getuid').mockReturnValue(uid);
    log.mockClear();
    const { config, started } = await wxtConfig();
    expect(config.webExt?.chromiumArgs).toEqual(args);
    started();
    expect(log).toHaveBeenCalledTimes(uid === 0 ? 1 : 0);
  }
});

test('wxt.config: with no display, the dev server stops as it starts, before the build opens Chromium', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const exit = vi.spyOn(process, 'exit').mockImplementation(() => undefined as never);
  vi.stubEnv('DISPLAY', '');
  vi.stubEnv('WAYLAND_DISPLAY', '');
  const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
  Object.defineProperty(process, 'platform', { ...platform, value: 'linux' });
  try {
    (await wxtConfig()).started();
  } finally {
    Object.defineProperty(process, 'platform', platform);
  }
  expect(error).toHaveBeenCalledWith(NO_DISPLAY);
  expect(exit).toHaveBeenCalledWith(1);
});
