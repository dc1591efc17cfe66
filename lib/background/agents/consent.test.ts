// The consent window cannot be flooded (#34 item 5): one question on screen at a time, the same question twice is
// one question, an app may ask a few a minute, and a question still expires ASK_MS after it was asked.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  answerAsk,
  ASK_MS,
  ASKS_PER_MINUTE,
  askView,
  askWindowClosed,
  openAsk,
  QUEUED_PER_APP,
  resetAsks,
} from './consent';

const reads = { scoped: false, pastChats: true, redacted: true };
const view = (what: string) => ({ agent: 'Cursor', tool: 'search_memory' as const, what, reads });
const popups = async () => (await browser.windows.getAll()).filter((w) => w.type === 'popup');
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  fakeBrowser.reset();
  resetAsks();
});
afterEach(() => vi.useRealTimers());

test('ten calls at once: one window, the same question coalesced, the rest queued or refused', async () => {
  const asked = Array.from({ length: 10 }, (_, i) => openAsk(47310, view(`query ${i % 5}`)));
  await settle();
  expect(await popups()).toHaveLength(1);
  const ids = asked.flatMap((a) => ('id' in a ? [a.id] : []));
  // Queries 0, 1 and 2 each became one question (asked twice); 3 and 4 were refused: three may wait.
  expect(new Set(ids).size).toBe(QUEUED_PER_APP);
  expect(asked.filter((a) => 'refused' in a)).toHaveLength(4);
  expect(askView(ids[0]!)?.what).toBe('query 0');
  // The first answered, the next question's window opens; the answer serves both calls that asked it.
  const first = asked[0] as { id: string; decided: Promise<boolean> };
  const twin = asked[5] as { id: string; decided: Promise<boolean> };
  answerAsk(first.id, true);
  expect(await first.decided).toBe(true);
  expect(await twin.decided).toBe(true);
  await settle();
  await settle();
  const open = await popups();
  expect(open).toHaveLength(1);
  // Closing that window is a no, and the last one follows.
  askWindowClosed(open[0]!.id!);
  expect(await (asked[1] as { decided: Promise<boolean> }).decided).toBe(false);
});

test(`an app may ask ${ASKS_PER_MINUTE} questions a minute; another app is not held up by it`, async () => {
  vi.useFakeTimers({ now: Date.parse('2026-12-01T10:00:00Z') });
  for (let i = 0; i < ASKS_PER_MINUTE; i++) {
    const a = openAsk(47310, view(`q${i}`));
    expect(a).toHaveProperty('id');
    answerAsk((a as { id: string }).id, false);
    await vi.advanceTimersByTimeAsync(1);
  }
  expect(openAsk(47310, view('one more'))).toEqual({ refused: 'too many' });
  expect(openAsk(47311, view('another app'))).toHaveProperty('id');
  await vi.advanceTimersByTimeAsync(60_000);
  expect(openAsk(47310, view('a minute later'))).toHaveProperty('id');
});

test('a question waiting its turn still expires ASK_MS after it was asked', async () => {
  vi.useFakeTimers();
  const first = openAsk(47310, view('first')) as { decided: Promise<boolean> };
  const second = openAsk(47310, view('second')) as { id: string; decided: Promise<boolean> };
  await vi.advanceTimersByTimeAsync(ASK_MS);
  expect(await first.decided).toBe(false);
  expect(await second.decided).toBe(false);
  expect(askView(second.id)).toBeNull();
});
