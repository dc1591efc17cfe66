import { describe, expect, test, vi } from 'vitest';
import type { SiteAdapter } from '../sites/adapter';
import type { ParsedTurn } from '../sites/types';
import { createCapture, readPage } from './capture';
import { fenceOwnBlock } from './fence';
import { assignTurnIds } from './turn-id';

function adapter(turns: ParsedTurn[], streaming = false): SiteAdapter {
  return {
    site: 'chatgpt',
    conversationId: (url) => /\/c\/(\w+)/.exec(url.pathname)?.[1] ?? null,
    isPrivate: (url) => url.searchParams.get('temporary-chat') === 'true',
    parseTurns: () => turns,
    isStreaming: () => streaming,
    findThread: () => null,
    findComposer: () => null,
  };
}
const page = (href: string) => ({ document, href: () => href });
const block = '<engram-memory>\nNotes about me\n- I live in Lisbon.\n</engram-memory>';

describe('fencing', () => {
  test("removes Engram's own block and keeps the user's words", () => {
    expect(fenceOwnBlock(`${block}\n\nWhat should I cook tonight?`)).toBe('What should I cook tonight?');
    expect(fenceOwnBlock(`Before\n${block}\nAfter`)).toBe('Before\n\nAfter');
    expect(fenceOwnBlock('<engram-memory>\n- half a block the user cut')).toBe('');
  });
});

describe('turn ids', () => {
  test('site ids win; otherwise a stable hash that keeps repeated turns apart', () => {
    const ids = assignTurnIds([
      { siteMessageId: 'abc', role: 'user', text: 'yes' },
      { siteMessageId: null, role: 'user', text: 'yes' },
      { siteMessageId: null, role: 'user', text: 'yes' },
      { siteMessageId: null, role: 'assistant', text: 'yes' },
    ]);
    expect(ids[0]).toBe('abc');
    expect(new Set(ids).size).toBe(4);
    expect(assignTurnIds([{ siteMessageId: null, role: 'user', text: 'yes' }])[0]).toBe(ids[1]);
  });
});

describe('reading a page', () => {
  const turns: ParsedTurn[] = [
    { siteMessageId: 'u1', role: 'user', text: `${block}\nPlan a trip` },
    { siteMessageId: 'a1', role: 'assistant', text: 'Sure.' },
    { siteMessageId: 'u2', role: 'user', text: block },
  ];

  test('a conversation page becomes a fenced capture request; empty turns drop out', () => {
    const req = readPage(adapter(turns), page('https://chatgpt.com/c/abc123'));
    expect(req?.turns).toEqual([
      { id: 'u1', role: 'user', text: 'Plan a trip', createdAt: null },
      { id: 'a1', role: 'assistant', text: 'Sure.', createdAt: null },
    ]);
    expect(req).toMatchObject({ site: 'chatgpt', conversationId: 'abc123', strategy: 'page' });
  });

  test('nothing is read on a new chat, a temporary chat, or while a reply streams', () => {
    expect(readPage(adapter(turns), page('https://chatgpt.com/'))).toBeNull();
    expect(readPage(adapter(turns), page('https://chatgpt.com/c/abc123?temporary-chat=true'))).toBeNull();
    expect(readPage(adapter(turns, true), page('https://chatgpt.com/c/abc123'))).toBeNull();
  });

  test('the same page is sent once; a failed send is retried on the next change', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new Error('asleep'))
      .mockResolvedValue({ stored: 2, seen: 2, skipped: null });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const scan = createCapture(adapter(turns), page('https://chatgpt.com/c/abc123'), send);
    await scan();
    await scan();
    await scan();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
