import { beforeEach, describe, expect, test } from 'vitest';
import { backgroundProtocol, dispatch, type BackgroundHandlers } from '../../messaging/background';
import type { Sender } from '../../messaging/protocol';
import { RejectedMessage } from '../../messaging/rejected';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { settingsItem } from '../../settings';
import { turnsOf } from '../../store/conversations';
import { deleteDb } from '../../store/db';
import { handlers } from '../handlers';
import { resetRecallIndex } from '../recall/recall-area';
import { pageClaimMismatch } from './sender';

const URL_ = 'https://claude.ai/chat/abc';
const tab: Sender = { url: URL_, frameId: 0, tab: { id: 4, url: URL_ } };
const capture = {
  site: 'claude' as const,
  conversationId: 'abc',
  url: URL_,
  title: 'Plans',
  strategy: 'api' as const,
  turns: [{ id: 'h:1', role: 'user' as const, text: 'I moved to Porto.', createdAt: null }],
};

beforeEach(async () => {
  resetRecallIndex();
  await deleteDb();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});

describe('a capture must match the tab that sends it (#11)', () => {
  test('its own site, URL and top frame: stored', async () => {
    expect(pageClaimMismatch(capture, tab)).toBeNull();
    expect((await handlers.captureTurns(capture, tab)).stored).toBe(1);
  });

  test.each<[string, Sender]>([
    ['a ChatGPT page claiming a Claude chat', { url: 'https://chatgpt.com/c/1', frameId: 0, tab: { id: 4 } }],
    ['a Claude page inside a frame', { ...tab, frameId: 3 }],
    ['a sender with no tab (an extension page)', { url: URL_ }],
    ['a tab that now shows another site', { ...tab, tab: { id: 4, url: 'https://chatgpt.com/' } }],
    ['a page of another origin', { url: 'https://evil.example/chat/abc', frameId: 0, tab: { id: 4 } }],
  ])('%s: refused, nothing stored', async (_, sender) => {
    await expect(handlers.captureTurns(capture, sender)).rejects.toThrow(RejectedMessage);
    expect(await turnsOf('claude:abc')).toEqual([]);
  });

  test('a URL on another origin than the sender is refused', async () => {
    const forged = { ...capture, url: 'https://claude.ai.evil.example/chat/abc' };
    await expect(handlers.captureTurns(forged, tab)).rejects.toThrow(/origin/);
  });

  test('a status report is checked the same way', async () => {
    const status = {
      site: 'chatgpt' as const,
      conversationId: 'x',
      url: 'https://chatgpt.com/c/x',
      state: 'capturing' as const,
      strategy: 'api' as const,
      turnsSeen: 1,
      turnsStored: 1,
      lastError: null,
      checkedAt: '2026-11-01T10:00:00.000Z',
    };
    await expect(handlers.reportCaptureStatus(status, tab)).rejects.toThrow(RejectedMessage);
  });
});

describe('what a content script may ask (#11)', () => {
  const ORIGIN = 'chrome-extension://abc/';
  const pageCallable = Object.entries(backgroundProtocol)
    .filter(([, p]) => (p.callers as readonly string[]).includes('page'))
    .map(([k]) => k)
    .sort();

  test('only these messages are open to a chat page, and none of their replies carries memory text', () => {
    // captureTurns: counts; reportCaptureStatus: ok; offerCount: a number; warmRecall: ok; the preview frame
    // registry: a token (for the frame this script makes), ok, ok; siteSwitch (#24): whether the sender's own
    // site is on, a boolean; privacyMark (#34): 'private', 'confirmed' or null for one of the page's own site's
    // chats; forgetPrivateChat: ok (a page can make Engram forget its own site's chats, never keep anything).
    // A new page-callable message is added here only after checking what its reply carries.
    expect(pageCallable).toEqual([
      'captureTurns',
      'forgetPrivateChat',
      'offerCount',
      'previewHide',
      'previewRegister',
      'previewShow',
      'privacyMark',
      'reportCaptureStatus',
      'siteSwitch',
      'warmRecall',
    ]);
  });

  test.each([
    'getMemoryBlock',
    'recallPreview',
    'previewHello',
    'previewInsertText',
    'previewClose',
  ] as const)('a chat page cannot call %s', async (type) => {
    const fake = { [type]: async () => ({}) } as unknown as BackgroundHandlers;
    const raw =
      type === 'getMemoryBlock'
        ? { site: 'claude' }
        : type === 'previewHello'
          ? { token: 'a'.repeat(32) }
          : {};
    await expect(dispatch(type, raw, tab, fake, ORIGIN)).rejects.toThrow(/not allowed from a page/);
  });
});
