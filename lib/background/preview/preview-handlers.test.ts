import { describe, expect, test, vi } from 'vitest';
import type { Sender } from '../../messaging/protocol';
import { previewFrames, type Frames } from './preview-frames';
import { previewRelay } from './preview-handlers';

const PREVIEW = 'chrome-extension://abc/preview.html';
const ctx = { site: 'claude' as const, draft: 'Lisbon', recent: [], scope: null, conversationId: 'c1' };
const page: Sender = {
  url: 'https://claude.ai/chat/c1',
  frameId: 0,
  tab: { id: 4, url: 'https://claude.ai/chat/c1' },
};
const frameOf = (tab: number, frameId: number, documentId = `doc${frameId}`): Sender => ({
  url: `${PREVIEW}#x`,
  tab: { id: tab },
  frameId,
  documentId,
});
const TOKEN = 'ab'.repeat(16);

function setup() {
  let frames: Frames = {};
  const order = vi.fn(async () => ({ ok: true }));
  const registry = previewFrames({
    store: { get: async () => frames, set: async (f) => void (frames = structuredClone(f)) },
    order,
    previewUrl: PREVIEW,
    newToken: () => TOKEN,
  });
  const tabs = {
    insertText: vi.fn(async () => ({ ok: true, message: 'Inserted.' })),
    closePreview: vi.fn(async () => ({ ok: true })),
  };
  return { relay: previewRelay(tabs, registry), registry, order, tabs };
}

describe('the preview frame registry (#11)', () => {
  test('the registered frame gets open orders for its tab alone, with the page context', async () => {
    const { relay, order } = setup();
    expect(await relay.previewRegister({}, page)).toEqual({ token: TOKEN });
    expect(await relay.previewHello({ token: TOKEN }, frameOf(4, 7))).toEqual({ ok: true, open: null });
    await relay.previewShow({ context: ctx }, page);
    expect(order).toHaveBeenCalledWith(4, 7, { kind: 'open', open: { n: 1, context: ctx } });
    await relay.previewHide({}, page);
    expect(order).toHaveBeenLastCalledWith(4, 7, { kind: 'close' });
  });

  // #33: a worker stopping as the frame loaded lost the answer to its hello; the frame presents its token again.
  test('the bound document presenting its token again is answered; another document of that frame is not', async () => {
    const { relay, order } = setup();
    await relay.previewRegister({}, page);
    expect(await relay.previewHello({ token: TOKEN }, frameOf(4, 7))).toEqual({ ok: true, open: null });
    expect(await relay.previewHello({ token: TOKEN }, frameOf(4, 7))).toEqual({ ok: true, open: null });
    expect(await relay.previewHello({ token: TOKEN }, frameOf(4, 7, 'doc-other'))).toEqual({
      ok: false,
      open: null,
    });
    const unnamed = { ...frameOf(4, 7), documentId: undefined };
    expect(await relay.previewHello({ token: TOKEN }, unnamed)).toEqual({ ok: false, open: null });
    await relay.previewShow({ context: ctx }, page);
    expect(order).toHaveBeenCalledWith(4, 7, { kind: 'open', open: { n: 1, context: ctx } });
  });

  test('an open asked for before the frame said hello is handed over at the hello, once', async () => {
    const { relay, order } = setup();
    await relay.previewRegister({}, page);
    await relay.previewShow({ context: ctx }, page);
    expect(order).not.toHaveBeenCalled();
    expect(await relay.previewHello({ token: TOKEN }, frameOf(4, 7))).toEqual({
      ok: true,
      open: { n: 1, context: ctx },
    });
  });

  test.each<[string, Sender, string]>([
    ['a second frame presenting the same token (a page copy)', frameOf(4, 9), TOKEN],
    ['a frame in another tab', frameOf(5, 7), TOKEN],
    ['a frame with a guessed token', frameOf(4, 7), 'cd'.repeat(16)],
    [
      'another extension page',
      { url: 'chrome-extension://abc/options.html', tab: { id: 4 }, frameId: 7 },
      TOKEN,
    ],
  ])('%s is not registered, gets no open and cannot insert', async (_, sender, token) => {
    const { relay, tabs, registry } = setup();
    await relay.previewRegister({}, page);
    if (sender.frameId === 9) await relay.previewHello({ token: TOKEN }, frameOf(4, 7));
    await relay.previewShow({ context: ctx }, page);
    expect(await relay.previewHello({ token }, sender)).toEqual({ ok: false, open: null });
    await expect(relay.previewInsertText({ text: 'x' }, sender)).rejects.toThrow(/not opened by Engram/);
    await expect(relay.previewClose({}, sender)).rejects.toThrow(/not opened by Engram/);
    await expect(registry.assertBound(sender)).rejects.toThrow();
    expect(tabs.insertText).not.toHaveBeenCalled();
  });

  test('the bound frame inserts into its own tab only; a reloaded document of it does not', async () => {
    const { relay, tabs } = setup();
    await relay.previewRegister({}, page);
    await relay.previewHello({ token: TOKEN }, frameOf(4, 7));
    expect(await relay.previewInsertText({ text: 'block' }, frameOf(4, 7))).toEqual({
      ok: true,
      message: 'Inserted.',
    });
    expect(tabs.insertText).toHaveBeenCalledWith(4, 'block');
    await expect(relay.previewInsertText({ text: 'x' }, frameOf(4, 7, 'other-doc'))).rejects.toThrow();
    await relay.previewClose({}, frameOf(4, 7));
    expect(tabs.closePreview).toHaveBeenCalledWith(4);
  });

  test('a new registration (the host was moved, or the page reloaded) retires the old frame', async () => {
    const { relay, order } = setup();
    await relay.previewRegister({}, page);
    await relay.previewHello({ token: TOKEN }, frameOf(4, 7));
    await relay.previewRegister({}, page);
    await expect(relay.previewInsertText({ text: 'x' }, frameOf(4, 7))).rejects.toThrow();
    await relay.previewShow({ context: ctx }, page);
    expect(order).not.toHaveBeenCalled();
  });

  test('only a chat tab top frame registers and opens, for its own site', async () => {
    const { relay } = setup();
    await expect(relay.previewRegister({}, { url: PREVIEW })).rejects.toThrow(/not from a tab/);
    await expect(relay.previewRegister({}, { ...page, frameId: 2 })).rejects.toThrow(/top frame/);
    await relay.previewRegister({}, page);
    await expect(relay.previewShow({ context: { ...ctx, site: 'chatgpt' } }, page)).rejects.toThrow(
      /chatgpt/,
    );
  });

  test("the tab's answer to an insert is page data: a malformed one becomes a failure", async () => {
    const { registry } = setup();
    const odd = { insertText: vi.fn(async () => 'done'), closePreview: vi.fn(async () => ({ ok: true })) };
    const relay = previewRelay(odd, registry);
    await relay.previewRegister({}, page);
    await relay.previewHello({ token: TOKEN }, frameOf(4, 7));
    expect(await relay.previewInsertText({ text: 'x' }, frameOf(4, 7))).toEqual({
      ok: false,
      message: 'The chat page gave no answer.',
    });
  });

  // #39: recall begins its preview's lines at the page's ask (lib/background/recall/page-recall.ts).
  test('an open the page asks for is heard before its order goes out; a refused one is not', async () => {
    const { relay, registry, order } = setup();
    const heard: unknown[] = [];
    const stop = registry.onShow((tabId, context) => heard.push([tabId, context, order.mock.calls.length]));
    await relay.previewRegister({}, page);
    await relay.previewHello({ token: TOKEN }, frameOf(4, 7));
    await relay.previewShow({ context: ctx }, page);
    await expect(relay.previewShow({ context: ctx }, { ...page, frameId: 2 })).rejects.toThrow(/top frame/);
    stop();
    await relay.previewShow({ context: ctx }, page);
    expect(heard).toEqual([[4, ctx, 0]]);
  });
});
