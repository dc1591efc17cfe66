import { describe, expect, expectTypeOf, test, vi } from 'vitest';
import type { Memory } from './model/records';
import {
  dispatch,
  RejectedMessage,
  type Handlers,
  type ProtocolMap,
  type Reply,
  type Request,
} from './messages';

const ORIGIN = 'chrome-extension://abc/';
const fromPage = { url: 'https://chatgpt.com/c/1', tab: { id: 3 } };
const fromOptions = { url: `${ORIGIN}options.html` };

function fakeHandlers(): Handlers {
  return {
    captureTurns: vi.fn(async () => ({ stored: 0, seen: 0, skipped: null })),
    getMemoryBlock: vi.fn(async () => ({ text: '', count: 0, tokens: 0 })),
    addMemory: vi.fn(async () => ({}) as Memory),
    deleteMemory: vi.fn(async () => ({ ok: true as const })),
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

test('request and reply types are inferred from the schemas', () => {
  expectTypeOf<Request<'deleteMemory'>>().toEqualTypeOf<{ id: string }>();
  expectTypeOf<Reply<'addMemory'>>().toEqualTypeOf<Memory>();
  expectTypeOf<Parameters<ProtocolMap['getMemoryBlock']>[0]>().toEqualTypeOf<{
    site: 'chatgpt' | 'claude' | null;
  }>();
  expectTypeOf<ReturnType<ProtocolMap['deleteMemory']>>().toEqualTypeOf<{ ok: true }>();
});
