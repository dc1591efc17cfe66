import { beforeEach, expect, test, vi } from 'vitest';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';

const bus = vi.hoisted(() => ({
  answer: null as null | ((reply: { on: boolean }) => void),
  fail: null as null | ((error: Error) => void),
  told: null as null | ((message: { data: unknown }) => unknown),
}));
vi.mock('../messaging/send', () => ({
  sendMessage: vi.fn(
    () =>
      new Promise((resolve, reject) => {
        bus.answer = resolve;
        bus.fail = reject;
      }),
  ),
}));
vi.mock('../messaging/tab', () => ({
  onTabMessage: vi.fn((_type: string, cb: (message: { data: unknown }) => unknown) => {
    bus.told = cb;
    return () => undefined;
  }),
}));

const { followSiteSwitch } = await import('./switch');
const ctx = { onInvalidated: vi.fn() } as unknown as ContentScriptContext;

beforeEach(() => {
  bus.answer = bus.fail = bus.told = null;
});

test('the first answer, then every change the background tells (#24)', async () => {
  const seen: boolean[] = [];
  followSiteSwitch((on) => seen.push(on), ctx);
  bus.answer?.({ on: false });
  await vi.waitFor(() => expect(seen).toEqual([false]));
  expect(bus.told?.({ data: { on: true } })).toEqual({ ok: true });
  bus.told?.({ data: { on: false } });
  // Anything but a plain `true` is off.
  bus.told?.({ data: { on: 'yes' } });
  expect(seen).toEqual([false, true, false, false]);
});

test('a change told before the first answer arrives wins over that (older) answer', async () => {
  const seen: boolean[] = [];
  followSiteSwitch((on) => seen.push(on), ctx);
  bus.told?.({ data: { on: false } });
  bus.answer?.({ on: true });
  // One macrotask: every promise callback queued by the answer has run by then (no timing involved).
  await new Promise((done) => setTimeout(done, 0));
  expect(seen).toEqual([false]);
});

test('no answer at all: the page works as before (the background still refuses a site that is off)', async () => {
  const seen: boolean[] = [];
  followSiteSwitch((on) => seen.push(on), ctx);
  bus.fail?.(new Error('Extension context invalidated.'));
  await vi.waitFor(() => expect(seen).toEqual([true]));
});
