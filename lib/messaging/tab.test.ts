// A chat tab's receiver (#38): every request parsed with its schema, from this extension's pages alone, before the
// page acts. Each refusal rejects at its sender and the handler (an insert, the preview, the site switch) never runs.
import { describe, expect, expectTypeOf, test, vi } from 'vitest';
import {
  BACKGROUND,
  OTHER_EXTENSION,
  PAGE,
  POPUP_IN_TAB,
  SELF,
  messageBus,
} from '../../test/helpers/message-bus';
import type { PageWords } from '../model/tab-messages';
import type { z } from 'zod/mini';
import { RejectedMessage } from './rejected';
import { tabReceiver, tabRequests, type TabHandler, type TabMap, type TabType } from './tab';

const WORDS: z.input<typeof PageWords> = {
  ...{ insert: 'Insert memory', insertCount: 'Insert memory ({{count}})', frameTitle: 'Engram' },
  ...{ inserted: 'Inserted.', noComposer: 'No chat box.', notAccepted: 'Not accepted.' },
  ...{ notOnScreen: 'Not on screen.', hidden: 'Hidden.', brief: 'Too soon.', nothing: 'Nothing.' },
};
const HUGE = 'x'.repeat(200_001);
const NO_DATA = [{}, null, 'open', 0, { text: 'hi' }];

/** A well-formed request of each message, and malformed ones: wrong type, past a bound, missing a field. */
const CASES: { [K in TabType]: { good: z.input<(typeof tabRequests)[K]>; bad: unknown[] } } = {
  readVendorMemories: { good: undefined, bad: NO_DATA },
  openInsertPreview: { good: undefined, bad: NO_DATA },
  pageContext: { good: undefined, bad: NO_DATA },
  insertText: {
    good: { text: 'Lives in Porto.' },
    bad: [{ text: 5 }, {}, { text: HUGE }, 'Lives in Porto.', null],
  },
  insertFromPreview: { good: { text: 'Lives in Porto.' }, bad: [{ text: 5 }, {}, { text: HUGE }, undefined] },
  closePreview: { good: undefined, bad: NO_DATA },
  siteSwitched: {
    good: { on: true, words: WORDS },
    bad: [
      { on: 'yes' },
      {},
      undefined,
      { on: true, words: { ...WORDS, insert: 'x'.repeat(501) } },
      { on: true, words: { insert: 'Insert memory' } },
      { on: true, words: { ...WORDS, hidden: 7 } },
    ],
  },
};
const TYPES = Object.keys(CASES) as TabType[];

function served() {
  const bus = messageBus();
  const receive = tabReceiver(SELF, bus.onMessage);
  const handlers = Object.fromEntries(
    TYPES.map((type) => [type, vi.fn(() => ({ ok: true, message: type }))]),
  ) as unknown as { [K in TabType]: TabHandler<K> & ReturnType<typeof vi.fn> };
  for (const type of TYPES) receive(type, handlers[type]);
  return { ...bus, handlers };
}

test('every message the tab answers has a case here', () => {
  expect(TYPES.sort()).toEqual(Object.keys(tabRequests).sort());
});

describe.each(TYPES)('%s', (type) => {
  test('a well-formed request from the background or the popup reaches the page', async () => {
    const { deliver, handlers } = served();
    await deliver(type, CASES[type].good, BACKGROUND);
    await deliver(type, CASES[type].good, POPUP_IN_TAB);
    expect(handlers[type]).toHaveBeenCalledTimes(2);
    expect(handlers[type]).toHaveBeenCalledWith(CASES[type].good);
  });

  test.each(CASES[type].bad.map((bad) => [JSON.stringify(bad)?.slice(0, 60), bad]))(
    'malformed (%s): refused, and the page does nothing',
    async (_, bad) => {
      const { deliver, handlers } = served();
      await expect(deliver(type, bad, BACKGROUND)).rejects.toThrow(/invalid request/);
      expect(handlers[type]).not.toHaveBeenCalled();
    },
  );

  test('from a page, another extension or an unknown sender: refused, and the page does nothing', async () => {
    const { deliver, handlers } = served();
    const forged = [PAGE, OTHER_EXTENSION, { url: BACKGROUND.url }, { id: SELF.id }, {}];
    for (const sender of forged)
      await expect(deliver(type, CASES[type].good, sender)).rejects.toThrow(RejectedMessage);
    expect(handlers[type]).not.toHaveBeenCalled();
  });
});

test('an unnamed field never reaches the page', async () => {
  const { deliver, handlers } = served();
  await deliver('insertText', { text: 'hi', html: '<img src=x onerror=alert(1)>' }, BACKGROUND);
  expect(handlers.insertText).toHaveBeenCalledExactlyOnceWith({ text: 'hi' });
});

test('the stop removes the listener', () => {
  const bus = messageBus();
  const stop = tabReceiver(SELF, bus.onMessage)('closePreview', () => ({ ok: true }));
  expect(bus.listening()).toEqual(['closePreview']);
  stop();
  expect(bus.listening()).toEqual([]);
});

test('request and reply types come from the schemas', () => {
  expectTypeOf<Parameters<TabMap['insertText']>[0]>().toEqualTypeOf<{ text: string }>();
  expectTypeOf<Parameters<TabMap['closePreview']>[0]>().toEqualTypeOf<undefined>();
  expectTypeOf<ReturnType<TabMap['insertFromPreview']>>().toEqualTypeOf<{ ok: boolean; message: string }>();
  expectTypeOf<Parameters<TabHandler<'siteSwitched'>>[0]['on']>().toEqualTypeOf<boolean>();
});
