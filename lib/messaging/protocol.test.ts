// One map per receiver (#26): what the background, the offscreen document and the preview frame answer, each
// checked for its callers and payload before any handler runs.
import { describe, expect, expectTypeOf, test, vi } from 'vitest';
import type { BackgroundHandlers, MessageType } from './background';
import { fromBackground } from './frame';
import {
  offscreenProtocol,
  type OffscreenHandlers,
  type OffscreenMap,
  type OffscreenType,
} from './offscreen';
import { dispatchIn } from './protocol';
import { RejectedMessage } from './rejected';

const ORIGIN = 'chrome-extension://abc/';
const background = { url: `${ORIGIN}background.js` };
const page = { url: 'https://chatgpt.com/c/1', tab: { id: 3 } };

function offscreenHandlers(): OffscreenHandlers {
  return {
    webllmPrepare: vi.fn(async () => ({ ok: true as const })),
    webllmComplete: vi.fn(async () => ({ text: '{}', promptTokens: 1, completionTokens: 1 })),
    webllmDownload: vi.fn(async () => ({ ok: true as const })),
    webllmRemove: vi.fn(async () => ({ ok: true as const })),
    webllmEmbed: vi.fn(async () => ({ vectors: [] })),
    pastIndex: vi.fn(async () => ({ empty: true })),
    agentsConfigure: vi.fn(async () => ({ ok: true as const })),
  };
}

test('no message is answered by two receivers: every context hears them all, and the first answer wins', () => {
  expectTypeOf<Extract<MessageType, OffscreenType>>().toBeNever();
  // The background registers no handler that could only throw "answered elsewhere".
  expectTypeOf<BackgroundHandlers>().not.toHaveProperty('webllmComplete');
  expectTypeOf<BackgroundHandlers>().not.toHaveProperty('pastIndex');
});

test("the offscreen document's request and reply types are inferred from its schemas", () => {
  expectTypeOf<Parameters<OffscreenMap['webllmPrepare']>[0]>().toEqualTypeOf<{
    model: string;
    rev: string;
  }>();
  expectTypeOf<ReturnType<OffscreenMap['webllmComplete']>>().toEqualTypeOf<{
    text: string;
    promptTokens: number;
    completionTokens: number;
  }>();
});

describe('the offscreen document validates like the background', () => {
  test('a content script cannot reach the local model or the past index', async () => {
    const h = offscreenHandlers();
    const call = dispatchIn(offscreenProtocol, 'pastIndex', { op: 'open' }, page, h, ORIGIN);
    await expect(call).rejects.toThrow(RejectedMessage);
    expect(h.pastIndex).not.toHaveBeenCalled();
  });

  test('a malformed request is refused before the handler runs', async () => {
    const h = offscreenHandlers();
    const bad = dispatchIn(offscreenProtocol, 'webllmPrepare', { model: '' }, background, h, ORIGIN);
    await expect(bad).rejects.toThrow(/invalid request/);
    // Weights at a branch, not a commit, are refused (#35).
    const branch = dispatchIn(
      offscreenProtocol,
      'webllmPrepare',
      { model: 'm', rev: 'main' },
      background,
      h,
      ORIGIN,
    );
    await expect(branch).rejects.toThrow(/invalid request/);
    await dispatchIn(
      offscreenProtocol,
      'webllmPrepare',
      { model: 'm', rev: '0123456789abcdef0123456789abcdef01234567' },
      background,
      h,
      ORIGIN,
    );
    expect(h.webllmPrepare).toHaveBeenCalledExactlyOnceWith(
      { model: 'm', rev: '0123456789abcdef0123456789abcdef01234567' },
      background,
    );
  });
});

test("the preview frame takes orders from the background alone, not from a content script's broadcast", () => {
  const self = { id: 'abc', origin: ORIGIN };
  expect(fromBackground({ id: 'abc', url: `${ORIGIN}background.js` }, self)).toBe(true);
  expect(fromBackground({ id: 'abc', url: 'https://chatgpt.com/', tab: { id: 3 } }, self)).toBe(false);
  expect(fromBackground({ id: 'other', url: 'chrome-extension://other/background.js' }, self)).toBe(false);
  expect(fromBackground({ id: 'abc', url: `${ORIGIN}options.html`, tab: { id: 4 } }, self)).toBe(false);
});
