import { describe, expect, expectTypeOf, test, vi } from 'vitest';
import type { Memory } from '../model/records';
import {
  backgroundProtocol,
  dispatch,
  type BackgroundHandlers,
  type BackgroundMap,
  type Reply,
  type Request,
} from './background';
import { RejectedMessage } from './rejected';
import type { Site } from '../model/site';

const ORIGIN = 'chrome-extension://abc/';
const fromPage = { url: 'https://chatgpt.com/c/1', tab: { id: 3 } };
const fromOptions = { url: `${ORIGIN}options.html` };

function fakeHandlers(): BackgroundHandlers {
  // Messages a test does not fake fail loudly; spreading them keeps this helper valid as messages are added.
  const unfaked = Object.fromEntries(
    Object.keys(backgroundProtocol).map((k) => [
      k,
      vi.fn(async () => Promise.reject(new Error(`${k} not faked`))),
    ]),
  ) as unknown as BackgroundHandlers;
  return {
    ...unfaked,
    captureTurns: vi.fn(async () => ({ stored: 0, seen: 0, skipped: null })),
    getMemoryBlock: vi.fn(async () => ({ text: '', count: 0, tokens: 0 })),
    addMemory: vi.fn(async () => ({}) as Memory),
    deleteMemory: vi.fn(async () => ({ ok: true as const })),
    reportCaptureStatus: vi.fn(async () => ({ ok: true as const })),
    getCaptureStatus: vi.fn(async () => null),
    importChunk: vi.fn(async () => ({
      ...{ conversations: 0, turns: 0, memories: 0, held: 0, kept: 0, refused: [] },
      ...{ progress: 0, jobs: 0, usage: 0 },
    })),
    importVendorMemories: vi.fn(async () => ({
      site: 'chatgpt' as const,
      imported: 0,
      unchanged: 0,
      held: 0,
    })),
    saveProvider: vi.fn(async () => ({ ok: true as const })),
    getProviderStatus: vi.fn(async () => ({ kind: 'none' as const, model: '', baseUrl: '', hasKey: false })),
    testProvider: vi.fn(async () => ({ code: 'no-provider' as const })),
    setPromptVersions: vi.fn(async () => ({ ok: true as const })),
    extractNow: vi.fn(async () => ({ ran: 0, waiting: null })),
    retryJob: vi.fn(async () => ({ ok: true as const })),
    webllmLoad: vi.fn(async () => ({ ok: true as const })),
    webllmProgress: vi.fn(async () => ({ ok: true as const })),
    recallPreview: vi.fn(async () => ({
      mode: 'profile' as const,
      lines: [],
      text: '',
      tokens: 0,
      budgetTokens: 600,
    })),
    offerCount: vi.fn(async () => ({ count: null })),
    warmRecall: vi.fn(async () => ({ ok: true as const })),
  };
}

describe('dispatch validates on receipt', () => {
  test.each(['saveProvider', 'getProviderStatus', 'testProvider', 'extractNow'] as const)(
    'a page cannot reach %s (provider settings and keys stay in the extension, #4)',
    async (type) => {
      const h = fakeHandlers();
      await expect(
        dispatch(type, { kind: 'none', model: '', baseUrl: '' }, fromPage, h, ORIGIN),
      ).rejects.toThrow(RejectedMessage);
    },
  );

  test('a valid request from an allowed caller reaches its handler', async () => {
    const h = fakeHandlers();
    await dispatch('addMemory', { text: '  Likes tea  ', type: 'preference' }, fromOptions, h, ORIGIN);
    expect(h.addMemory).toHaveBeenCalledWith({ text: 'Likes tea', type: 'preference' }, fromOptions);
  });

  test('a page (content script) cannot add or delete memories', async () => {
    const h = fakeHandlers();
    await expect(dispatch('deleteMemory', { id: 'm1' }, fromPage, h, ORIGIN)).rejects.toThrow(
      RejectedMessage,
    );
    expect(h.deleteMemory).not.toHaveBeenCalled();
  });

  test('a malformed capture from a page is rejected before any handler runs', async () => {
    const h = fakeHandlers();
    const bad = {
      site: 'evil.com',
      conversationId: 'x',
      url: 'https://chatgpt.com/c/x',
      title: '',
      strategy: 'page',
      turns: [],
    };
    await expect(dispatch('captureTurns', bad, fromPage, h, ORIGIN)).rejects.toThrow(/invalid request/);
    const notHttps = { ...bad, site: 'chatgpt', url: 'javascript:alert(1)' };
    await expect(dispatch('captureTurns', notHttps, fromPage, h, ORIGIN)).rejects.toThrow(/invalid request/);
    expect(h.captureTurns).not.toHaveBeenCalled();
  });
});

test('a page (content script) can send none of the memory manager messages (#6)', async () => {
  const manager = [
    ['updateMemory', { id: 'm1', text: 'x' }],
    ['setPinned', { id: 'm1', pinned: true }],
    ['restoreMemory', { id: 'm1' }],
    ['purgeMemory', { id: 'm1' }],
    ['bulkMemories', { ids: ['m1'], action: 'delete' }],
    ['approveMemory', { id: 'm1' }],
    ['rejectMemory', { id: 'm1' }],
    ['approveAllMemories', {}],
    ['deleteConversation', { key: 'chatgpt:c1', removeMemories: true }],
    ['deleteEverything', { confirm: 'DELETE' }],
    ['retryJob', { id: 'j1' }],
  ] as const;
  for (const [type, data] of manager) {
    expect(backgroundProtocol[type].callers).toEqual(['extension']);
    await expect(dispatch(type, data, fromPage, fakeHandlers(), ORIGIN)).rejects.toThrow(RejectedMessage);
  }
});

test('the recall preview (memory lines) answers the popup and the preview frame, never a content script', async () => {
  const req = {
    site: 'chatgpt',
    draft: 'x',
    recent: [],
    scope: null,
    conversationId: null,
    budgetTokens: null,
    exclude: [],
  };
  const h = fakeHandlers();
  await expect(dispatch('recallPreview', req, fromPage, h, ORIGIN)).rejects.toThrow(RejectedMessage);
  expect(h.recallPreview).not.toHaveBeenCalled();
  const fromFrame = { url: `${ORIGIN}preview.html`, tab: { id: 3 } };
  await dispatch('recallPreview', req, fromFrame, h, ORIGIN);
  expect(h.recallPreview).toHaveBeenCalledOnce();
});

test('Delete everything needs the typed word', async () => {
  const h = fakeHandlers();
  const call = (confirm: string) => dispatch('deleteEverything', { confirm }, fromOptions, h, ORIGIN);
  await expect(call('delete')).rejects.toThrow(/invalid request/);
  expect(h.deleteEverything).not.toHaveBeenCalled();
});

test('request and reply types are inferred from the schemas', () => {
  expectTypeOf<Request<'deleteMemory'>>().toEqualTypeOf<{ id: string }>();
  expectTypeOf<Reply<'addMemory'>>().toEqualTypeOf<Memory>();
  expectTypeOf<Parameters<BackgroundMap['getMemoryBlock']>[0]>().toEqualTypeOf<{
    site: Site | null;
  }>();
  expectTypeOf<ReturnType<BackgroundMap['deleteMemory']>>().toEqualTypeOf<{ ok: true }>();
});
