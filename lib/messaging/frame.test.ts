// The preview frame's receiver (#11, #38): an order is parsed with its schema and taken from the background alone;
// anything else rejects at its sender and the frame opens nothing.
import { expect, test, vi } from 'vitest';
import {
  BACKGROUND,
  OTHER_EXTENSION,
  PAGE,
  POPUP_IN_TAB,
  SELF,
  messageBus,
} from '../../test/helpers/message-bus';
import type { FrameOrder } from '../model/messages';
import { onFrameOrder } from './frame';
import { RejectedMessage } from './rejected';

const CONTEXT = { site: 'chatgpt', draft: 'units', recent: [], scope: null, conversationId: null };
const OPEN = { kind: 'open', open: { n: 7, context: CONTEXT } };

function frame() {
  const bus = messageBus();
  const handle = vi.fn<(order: FrameOrder) => void>();
  onFrameOrder(handle, SELF, bus.onMessage);
  return { handle, order: (data: unknown, sender = BACKGROUND) => bus.deliver('previewOrder', data, sender) };
}

test("the background's open and close orders reach the frame", async () => {
  const { handle, order } = frame();
  expect(await order(OPEN)).toEqual({ ok: true });
  expect(await order({ kind: 'close' })).toEqual({ ok: true });
  expect(handle.mock.calls).toEqual([[OPEN], [{ kind: 'close' }]]);
});

const withContext = (change: object) => ({ ...OPEN, open: { n: 7, context: { ...CONTEXT, ...change } } });

test.each([
  ['a kind not in the union', { kind: 'explode' }],
  ['no kind', { open: OPEN.open }],
  ['an open without its preview', { kind: 'open' }],
  ['a count that is not a positive whole number', { ...OPEN, open: { ...OPEN.open, n: 0 } }],
  ['a count of the wrong type', { ...OPEN, open: { ...OPEN.open, n: '8' } }],
  ['a draft past its bound', withContext({ draft: 'x'.repeat(20_001) })],
  ['more recent turns than a preview carries', withContext({ recent: Array(9).fill('hi') })],
  ['a site Engram does not know', withContext({ site: 'evil.example' })],
  ['a context missing a field', { ...OPEN, open: { n: 7, context: { site: 'chatgpt' } } }],
  ['nothing', undefined],
  ['a string', 'engram:preview-open:1'],
])('malformed (%s): refused, and the frame opens nothing', async (_, data) => {
  const { handle, order } = frame();
  await expect(order(data)).rejects.toThrow(/invalid request/);
  expect(handle).not.toHaveBeenCalled();
});

test.each([
  ["a chat page's content script (its runtime messages reach extension frames)", PAGE],
  ['an extension page in a tab', POPUP_IN_TAB],
  ['another extension', OTHER_EXTENSION],
  ['a sender with no id', { url: BACKGROUND.url }],
  ['an unknown sender', {}],
])('from %s: refused, and the frame opens nothing', async (_, sender) => {
  const { handle, order } = frame();
  await expect(order(OPEN, sender)).rejects.toThrow(RejectedMessage);
  expect(handle).not.toHaveBeenCalled();
});
