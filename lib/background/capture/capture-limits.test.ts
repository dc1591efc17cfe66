// Per-tab capture limits (#25 item 10): a page may send captureTurns as often and as large as it likes, and each
// turn stored goes on to the past index and the sync storage. Before, every one of these captures was stored.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CaptureRequest } from '../../model/messages';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { settingsItem } from '../../settings';
import { turnsOf } from '../../store/conversations';
import { deleteDb } from '../../store/db';
import { listCaptureProblems } from '../../store/status';
import { CAPTURE_LIMITS, charge, emptyBudget, pauseNotice } from './capture-budget';
import { handlers } from '../handlers';

const page = (tabId: number) => ({ url: 'https://claude.ai/chat/abc', tab: { id: tabId } });
/** Capture number `i` of a growing chat: one new turn each time, as a page re-read after each reply. */
const capture = (i: number, over: Partial<CaptureRequest> = {}): CaptureRequest => ({
  site: 'claude',
  conversationId: 'abc',
  url: 'https://claude.ai/chat/abc',
  title: 'Plans',
  // Claude's page alone may not vouch for a chat (#34): these come from its JSON, a window of it at a time.
  strategy: 'api',
  complete: false,
  turns: [{ id: `h:${i}`, role: 'user', text: `Turn ${i}: I moved to Porto.`, createdAt: null }],
  ...over,
});
const status = (tabId: number) => handlers.getCaptureStatus({ tabId }, {});

beforeEach(async () => {
  fakeBrowser.reset();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T10:00:00.000Z'));
  await deleteDb();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});
afterEach(() => vi.useRealTimers());

describe('a tab that sends more than 120 captures in a minute', () => {
  test('is paused for the rest of that minute, says so and says what was not stored; other tabs go on', async () => {
    for (let i = 0; i < CAPTURE_LIMITS.perMinute; i++) {
      vi.setSystemTime(new Date(Date.parse('2026-12-01T10:00:00.000Z') + i * 100));
      expect((await handlers.captureTurns(capture(i), page(7))).skipped).toBeNull();
    }
    const refused = await handlers.captureTurns(capture(120), page(7));
    expect(refused).toMatchObject({ stored: 0, seen: 1 });
    // A code the page words (#37; components/popup/CaptureStatus.test.tsx shows it in English, Japanese, German).
    const words = {
      code: 'tab-limit',
      limit: 'minute',
      most: { captures: 120, turns: 0, bytes: 0 },
      refused: { captures: 1, turns: 1, bytes: expect.any(Number) },
    };
    expect(refused.skipped).toEqual(words);
    expect(await status(7)).toMatchObject({ state: 'limited', turnsStored: 0, lastError: words });
    expect((await turnsOf('claude:abc')).length).toBe(120);
    // The page's own report does not hide the pause.
    await handlers.reportCaptureStatus(
      { ...(await status(7))!, state: 'capturing', lastError: null },
      page(7),
    );
    expect((await status(7))?.state).toBe('limited');
    // Activity lists it among capture problems.
    expect((await listCaptureProblems())[0]).toMatchObject({ kind: 'limited', detail: words });
    // Another tab is not this one.
    expect((await handlers.captureTurns(capture(500), page(8))).skipped).toBeNull();
    // A minute after the first capture, it is stored again.
    vi.setSystemTime(new Date('2026-12-01T10:01:00.001Z'));
    expect((await handlers.captureTurns(capture(121), page(7))).skipped).toBeNull();
    expect((await status(7))?.state).toBe('capturing');
  });

  test('what several refused captures carried adds up', async () => {
    for (let i = 0; i < CAPTURE_LIMITS.perMinute; i++) await handlers.captureTurns(capture(i), page(7));
    await handlers.captureTurns(capture(200), page(7));
    const last = await handlers.captureTurns(capture(201), page(7));
    expect(last.skipped).toMatchObject({ code: 'tab-limit', refused: { captures: 2, turns: 2 } });
  });
});

describe('size a day: turns and bytes per conversation and per tab', () => {
  const big = (turns: number, bytes: number) => ({ turns, bytes });
  const at = Date.parse('2026-12-01T10:00:00.000Z');

  test('per conversation: 5,000 turns or 25 MB of one chat a day; another chat goes on', () => {
    const { budget } = charge(emptyBudget(at), 'claude:a', big(5_000, 1_000), at);
    const pause = charge(budget, 'claude:a', big(1, 10), at + 1).pause;
    expect(pause && pauseNotice(pause)).toEqual({
      ...{ code: 'tab-limit', limit: 'chat', most: { captures: 0, turns: 5_000, bytes: 25_000_000 } },
      refused: { captures: 1, turns: 1, bytes: 10 },
    });
    expect(charge(budget, 'claude:b', big(1, 10), at + 1).pause).toBeNull();
    const heavy = charge(emptyBudget(at), 'claude:a', big(10, 25_000_000), at).budget;
    expect(charge(heavy, 'claude:a', big(1, 1), at + 1).pause?.conversationKey).toBe('claude:a');
  });

  test('per tab: 20,000 turns or 100 MB a day, then paused until 00:00 UTC; the next day starts afresh', () => {
    let b = emptyBudget(at);
    for (let i = 0; i < 4; i++) b = charge(b, `claude:${i}`, big(5_000, 1_000), at + i).budget;
    const over = charge(b, 'claude:x', big(1, 10), at + 10);
    expect(over.pause).toMatchObject({
      until: Date.parse('2026-12-02T00:00:00.000Z'),
      conversationKey: null,
    });
    expect(pauseNotice(over.pause!)).toEqual({
      ...{ code: 'tab-limit', limit: 'day', most: { captures: 0, turns: 20_000, bytes: 100_000_000 } },
      refused: { captures: 1, turns: 1, bytes: 10 },
    });
    expect(charge(b, 'claude:x', big(1, 10), Date.parse('2026-12-02T00:00:00.000Z')).pause).toBeNull();
  });

  test('a capture that stores nothing new costs nothing but its place in the rate', () => {
    const { budget } = charge(emptyBudget(at), 'claude:a', big(0, 0), at);
    expect([budget.turns, budget.bytes, budget.recent.length]).toEqual([0, 0, 1]);
  });

  test('through the handler: a page claiming 5,001 turns of one chat in a day stores the first 5,000 only', async () => {
    const turns = Array.from({ length: 5_000 }, (_, i) => ({
      ...{ id: `h:${i}`, role: 'user' as const, text: `Line ${i}.`, createdAt: null },
    }));
    expect((await handlers.captureTurns(capture(0, { turns, complete: true }), page(7))).skipped).toBeNull();
    const more = await handlers.captureTurns(capture(5_000), page(7));
    expect(more.skipped).toMatchObject({ code: 'tab-limit', limit: 'chat' });
    expect((await turnsOf('claude:abc')).length).toBe(5_000);
  }, 60_000);
});

describe('imports are not captures', () => {
  test('a 5,000-conversation import of 25,000 turns, more than a tab may store in a day, leaves every tab its budget', async () => {
    vi.useRealTimers();
    const answer = 'word '.repeat(200);
    const conversations = Array.from({ length: 5_000 }, (_, c) => ({
      ...{ site: 'claude', id: `c${c}`, url: `https://claude.ai/chat/c${c}`, title: `#${c}` },
      turns: Array.from({ length: 5 }, (_, t) => ({
        ...{ id: `c${c}t${t}`, role: t % 2 ? 'assistant' : 'user', createdAt: null },
        text: t % 2 ? answer : `Question ${c}.${t}?`,
      })),
    }));
    for (let i = 0; i < conversations.length; i += 25)
      await handlers.importChunk(
        { exact: false, conversations: conversations.slice(i, i + 25), memories: [] },
        { url: 'chrome-extension://x/options.html' },
      );
    expect((await turnsOf('claude:c4999')).length).toBe(5);
    for (let i = 0; i < CAPTURE_LIMITS.perMinute; i++)
      expect((await handlers.captureTurns(capture(i), page(7))).skipped).toBeNull();
  }, 300_000);
});
