import { beforeEach, expect, test, vi } from 'vitest';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { tabReceiver } from '../messaging/tab';
import { BACKGROUND, PAGE, SELF, messageBus } from '../../test/helpers/message-bus';

const bus = vi.hoisted(() => ({
  answer: null as null | ((reply: { on: boolean }) => void),
  fail: null as null | ((error: Error) => void),
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

const { followSiteSwitch } = await import('./switch');
const ctx = { onInvalidated: vi.fn() } as unknown as ContentScriptContext;
let tab = messageBus();
/** The background tells the tab, through the tab's real receiver. */
const tell = (data: unknown, sender = BACKGROUND) => tab.deliver('siteSwitched', data, sender);

function follow(seen: boolean[]) {
  followSiteSwitch((on) => seen.push(on), tabReceiver(SELF, tab.onMessage), ctx);
}

beforeEach(() => {
  bus.answer = bus.fail = null;
  tab = messageBus();
});

test('the first answer, then every change the background tells (#24)', async () => {
  const seen: boolean[] = [];
  follow(seen);
  bus.answer?.({ on: false });
  await vi.waitFor(() => expect(seen).toEqual([false]));
  expect(await tell({ on: true })).toEqual({ ok: true });
  await tell({ on: false });
  expect(seen).toEqual([false, true, false]);
});

test('a malformed switch, or one a page sends, is refused and changes nothing (#38)', async () => {
  const seen: boolean[] = [];
  follow(seen);
  bus.answer?.({ on: false });
  await vi.waitFor(() => expect(seen).toEqual([false]));
  await expect(tell({ on: 'yes' })).rejects.toThrow(/invalid request/);
  await expect(tell({})).rejects.toThrow(/invalid request/);
  await expect(tell({ on: true, words: { insert: 'x'.repeat(501) } })).rejects.toThrow(/invalid request/);
  await expect(tell({ on: true }, PAGE)).rejects.toThrow(/not allowed/);
  expect(seen).toEqual([false]);
});

test('a change told before the first answer arrives wins over that (older) answer', async () => {
  const seen: boolean[] = [];
  follow(seen);
  await tell({ on: false });
  bus.answer?.({ on: true });
  // One macrotask: every promise callback queued by the answer has run by then (no timing involved).
  await new Promise((done) => setTimeout(done, 0));
  expect(seen).toEqual([false]);
});

test('no answer at all: the page works as before (the background still refuses a site that is off)', async () => {
  const seen: boolean[] = [];
  follow(seen);
  bus.fail?.(new Error('Extension context invalidated.'));
  await vi.waitFor(() => expect(seen).toEqual([true]));
});
