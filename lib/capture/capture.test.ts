import { describe, expect, test, vi } from 'vitest';
import type { CaptureRequest, CaptureStatus } from '../model/messages';
import type { SiteAdapter } from '../sites/adapter';
import type { ApiResult } from '../sites/api-types';
import { chatgpt } from '../sites/chatgpt/site';
import type { ParsedTurn } from '../sites/types';
import { createSender, readPage } from './capture';
import { createController } from './controller';
import { BLOCK_CLOSE, renderBlock } from '../recall/block';
import { fenceOwnBlock } from './fence';
import { assignTurnIds } from './turn-id';

interface FakeSite {
  turns?: ParsedTurn[];
  streaming?: boolean;
  api?: ApiResult;
  windowed?: boolean;
}

function adapter(site: FakeSite = {}): SiteAdapter {
  return {
    ...chatgpt,
    conversationId: (url) => /\/c\/(\w+)/.exec(url.pathname)?.[1] ?? null,
    isPrivatePage: (root) => root.querySelector('[data-temporary]') !== null,
    isSharedView: (root) => root.querySelector('[data-shared]') !== null,
    parseTurns: () => site.turns ?? [],
    isStreaming: () => site.streaming ?? false,
    findThread: () => null,
    findComposer: () => null,
    fetchConversation: async () =>
      site.api ?? { ok: false, reason: 'HTTP 404 from /backend-api/conversation/x' },
    isWindowed: () => site.windowed ?? false,
    fetchMemories: async () => ({ ok: true, memories: [] }),
  };
}
const page = (href: string) => ({ document, href: () => href });
const block = '<engram-memory>\nNotes about me\n- I live in Lisbon.\n</engram-memory>';
const pageTurns: ParsedTurn[] = [
  { siteMessageId: 'u1', role: 'user', text: `${block}\nPlan a trip` },
  { siteMessageId: 'a1', role: 'assistant', text: 'Sure.' },
  { siteMessageId: 'u2', role: 'user', text: block },
];
const apiOk = (
  turns = [{ id: 'u1', role: 'user' as const, text: `${block}\nHi`, createdAt: null }],
  priv = false,
) =>
  ({
    ok: true,
    conversation: { id: 'abc123', title: 'From JSON', private: priv, createdAt: null, turns },
  }) as const;

describe('fencing', () => {
  test("removes Engram's own block and keeps the user's words", () => {
    expect(fenceOwnBlock(`${block}\n\nWhat should I cook tonight?`)).toBe('What should I cook tonight?');
    expect(fenceOwnBlock(`Before\n${block}\nAfter`)).toBe('Before\n\nAfter');
    expect(fenceOwnBlock('<engram-memory>\n- half a block the user cut')).toBe('');
  });

  test('a marker with no close is fenced only as far as the block goes (#11)', () => {
    const literal = 'How does the <engram-memory> tag work? Also: I moved to Lyon.\nSecond line.';
    expect(fenceOwnBlock(literal)).toBe(literal);
    const cut = renderBlock([
      { text: 'I live in Lisbon.', tokenCount: 5, section: 'about', date: null },
      { text: 'Ran a marathon.', tokenCount: 4, section: 'context', date: { day: '2023-05-08', at: '' } },
    ]).replace(`\n${BLOCK_CLOSE}`, '');
    expect(fenceOwnBlock(`${cut}\n\nWhat should I cook tonight?`)).toBe('What should I cook tonight?');
    expect(fenceOwnBlock(`${cut}\nI moved to Lyon last week.`)).toBe('I moved to Lyon last week.');
    // An unclosed block, the user's words, then a whole block: the close belongs to the second one.
    expect(fenceOwnBlock(`${cut}\n\nMy words.\n\n${cut}\n${BLOCK_CLOSE}`)).toBe('My words.');
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
  test('a conversation page becomes a fenced capture request; empty turns drop out', () => {
    const req = readPage(adapter({ turns: pageTurns }), page('https://chatgpt.com/c/abc123'));
    expect(req?.turns).toEqual([
      { id: 'u1', role: 'user', text: 'Plan a trip', createdAt: null },
      { id: 'a1', role: 'assistant', text: 'Sure.', createdAt: null },
    ]);
    expect(req).toMatchObject({
      site: 'chatgpt',
      conversationId: 'abc123',
      strategy: 'page',
      complete: true,
    });
    const windowed = readPage(
      adapter({ turns: pageTurns, windowed: true }),
      page('https://chatgpt.com/c/abc123'),
    );
    expect(windowed?.complete).toBe(false);
  });

  test('nothing is read on a new chat, a temporary chat, or while a reply streams', () => {
    const a = adapter({ turns: pageTurns });
    expect(readPage(a, page('https://chatgpt.com/'))).toBeNull();
    expect(readPage(a, page('https://chatgpt.com/c/abc123?temporary-chat=true'))).toBeNull();
    // A do-not-remember mode only the page shows (Gemini's temporary chat keeps its URL, #24).
    document.body.setAttribute('data-temporary', '');
    expect(readPage(a, page('https://chatgpt.com/c/abc123'))).toBeNull();
    document.body.removeAttribute('data-temporary');
    expect(
      readPage(adapter({ turns: pageTurns, streaming: true }), page('https://chatgpt.com/c/abc123')),
    ).toBeNull();
  });

  test('the same request is sent once; a failed send is retried on the next change', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new Error('asleep'))
      .mockResolvedValue({ stored: 2, seen: 2, skipped: null });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const sender = createSender(send);
    const req = readPage(adapter({ turns: pageTurns }), page('https://chatgpt.com/c/abc123'))!;
    await sender(req);
    await sender(req);
    await sender(req);
    expect(send).toHaveBeenCalledTimes(2);
  });
});

/** The background's side, kept per chat: nothing known until a test says so (controller-privacy.test.ts). */
export const noMarks = { mark: async () => null, forget: async () => ({ ok: true }) };

function controller(site: FakeSite, href = 'https://chatgpt.com/c/abc123') {
  const sent: CaptureRequest[] = [];
  const reports: CaptureStatus[] = [];
  const fetchConversation = vi.fn(adapter(site).fetchConversation);
  const c = createController({
    adapter: { ...adapter(site), fetchConversation },
    page: page(href),
    fetchJson: async () => null,
    cookie: () => '',
    send: async (req) => {
      sent.push(req);
      return { stored: req.turns.length, seen: req.turns.length, skipped: null };
    },
    report: async (status) => reports.push(status),
    privacy: noMarks,
  });
  return { c, sent, reports, fetchConversation };
}

describe('capture controller: site data first, the page as fallback', () => {
  test('with the JSON answering, turns come from the API, fenced, as the whole branch', async () => {
    const { c, sent } = controller({ api: apiOk(), turns: pageTurns });
    await c.refresh();
    expect(sent).toEqual([
      expect.objectContaining({
        strategy: 'api',
        complete: true,
        title: 'From JSON',
        turns: [expect.objectContaining({ text: 'Hi' })],
      }),
    ]);
    c.onPageChange(); // no DOM reads in api mode
    expect(sent).toHaveLength(1);
  });

  test('with the JSON failing, turns come from the page, and the reason travels with them', async () => {
    const { c, sent } = controller({ turns: pageTurns });
    await c.refresh();
    expect(sent[0]).toMatchObject({ strategy: 'page', note: expect.stringMatching(/404/) });
    expect(sent[0]?.turns.map((t) => t.text)).toEqual(['Plan a trip', 'Sure.']);
  });

  test('JSON failing and no turns on a conversation page is reported broken, never silent', async () => {
    const { c, sent, reports } = controller({ turns: [] });
    await c.refresh();
    expect(sent).toEqual([]);
    expect(reports).toEqual([
      expect.objectContaining({
        state: 'broken',
        strategy: 'none',
        conversationId: 'abc123',
        lastError: { code: 'no-turns', unread: 0, siteData: expect.stringMatching(/404/) },
      }),
    ]);
  });

  test('Temporary Chat by URL or by flag stores nothing and says so', async () => {
    const byUrl = controller({ api: apiOk() }, 'https://chatgpt.com/c/abc123?temporary-chat=true');
    await byUrl.c.refresh();
    expect(byUrl.fetchConversation).not.toHaveBeenCalled();
    const byFlag = controller({ api: apiOk(undefined, true), turns: pageTurns });
    await byFlag.c.refresh();
    byFlag.c.onPageChange();
    for (const { sent, reports } of [byUrl, byFlag]) {
      expect(sent).toEqual([]);
      expect(reports.map((r) => r.state)).toEqual(['private']);
    }
  });

  test('a temporary chat only the page shows stores nothing, from the JSON or the page, and says so', async () => {
    document.body.setAttribute('data-temporary', '');
    try {
      const fromApi = controller({ api: apiOk(), turns: pageTurns });
      await fromApi.c.refresh();
      expect(fromApi.fetchConversation).not.toHaveBeenCalled();
      const fromPage = controller({ turns: pageTurns });
      document.body.removeAttribute('data-temporary');
      await fromPage.c.refresh(); // the JSON fails: page mode
      document.body.setAttribute('data-temporary', ''); // the person switches the page to a temporary chat
      fromPage.c.onPageChange();
      await vi.waitFor(() => expect(fromPage.reports.at(-1)?.state).toBe('private'));
      for (const { sent } of [fromApi]) expect(sent).toEqual([]);
      expect(fromApi.reports.map((r) => r.state)).toEqual(['private']);
    } finally {
      document.body.removeAttribute('data-temporary');
    }
  });

  test('a reply that finishes (stream flag falls) re-reads the JSON; a tap id serves a URL without one', async () => {
    const site: FakeSite = { api: apiOk(), streaming: true };
    const { c, fetchConversation } = controller(site);
    await c.refresh();
    c.onPageChange();
    site.streaming = false;
    c.onPageChange();
    await vi.waitFor(() => expect(fetchConversation).toHaveBeenCalledTimes(2));
    const fresh = controller({ api: apiOk() }, 'https://chatgpt.com/');
    await fresh.c.refresh('abc123');
    expect(fresh.fetchConversation).toHaveBeenCalledWith(expect.any(Function), 'abc123', '');
    expect(fresh.sent[0]?.conversationId).toBe('abc123');
  });

  test('a reply whose request asked not to remember the chat stops its capture, JSON and page alike (#24)', async () => {
    const fromApi = controller({ api: apiOk(), turns: pageTurns }, 'https://chatgpt.com/');
    fromApi.c.onPrivateRequest('abc123', 'done');
    await fromApi.c.refresh('abc123');
    expect(fromApi.fetchConversation).not.toHaveBeenCalled();
    const fromPage = controller({ turns: pageTurns });
    fromPage.c.onPrivateRequest(null, 'done');
    await fromPage.c.refresh();
    fromPage.c.onPageChange();
    for (const { sent, reports } of [fromApi, fromPage]) {
      expect(sent).toEqual([]);
      expect(new Set(reports.map((r) => r.state))).toEqual(new Set(['private']));
    }
    const other = controller({ api: apiOk() });
    await other.c.refresh('abc123');
    expect(other.sent).toHaveLength(1);
  });

  test('the same status at a new address is reported again, for the popup of the tab now there', async () => {
    let href = 'https://chatgpt.com/';
    const reports: CaptureStatus[] = [];
    const c = createController({
      adapter: adapter({ api: apiOk() }),
      page: { document, href: () => href },
      fetchJson: async () => null,
      cookie: () => '',
      send: async () => ({ stored: 0, seen: 0, skipped: null }),
      report: async (status) => reports.push(status),
      privacy: noMarks,
    });
    c.onPrivateRequest(null, 'sent');
    href = 'https://chatgpt.com/c/abc123';
    await c.refresh();
    expect(reports.map((r) => [r.state, r.url])).toEqual([
      ['private', 'https://chatgpt.com/'],
      ['private', 'https://chatgpt.com/c/abc123'],
    ]);
  });

  test('switched on again, the same chat is sent and reported again: the background had marked the tab off (#36)', async () => {
    const api = controller({ api: apiOk(), turns: pageTurns });
    await api.c.refresh();
    await api.c.refresh();
    expect(api.sent).toHaveLength(1);
    await api.c.resume();
    expect(api.sent).toHaveLength(2);
    // The same request, read anew: only when its read began differs (readAt, #33).
    const { readAt: again, ...resent } = api.sent[1]!;
    const { readAt: first, ...sentFirst } = api.sent[0]!;
    expect(resent).toEqual(sentFirst);
    expect(again).toBeGreaterThanOrEqual(first!);
    const temporary = controller({ api: apiOk() }, 'https://chatgpt.com/c/abc123?temporary-chat=true');
    await temporary.c.refresh();
    await temporary.c.refresh();
    await temporary.c.resume();
    expect(temporary.reports.map((r) => r.state)).toEqual(['private', 'private']);
  });

  test('a new chat page without an id reports idle', async () => {
    const { c, reports } = controller({ api: apiOk() }, 'https://chatgpt.com/');
    await c.refresh();
    expect(reports.map((r) => r.state)).toEqual(['idle']);
  });
});

describe('messages the reader could not read, and threads that are not the person’s (#36)', () => {
  const missed: ParsedTurn = { siteMessageId: null, role: 'assistant', text: '', missed: true };

  test('a missed message is left out, counted, and makes the read incomplete', () => {
    const req = readPage(adapter({ turns: [...pageTurns, missed] }), page('https://chatgpt.com/c/abc123'));
    expect(req?.turns.map((t) => t.text)).toEqual(['Plan a trip', 'Sure.']);
    expect(req).toMatchObject({ unread: 1, complete: false });
    // Without one, nothing is counted and a whole page is complete.
    expect(readPage(adapter({ turns: pageTurns }), page('https://chatgpt.com/c/abc123'))).not.toHaveProperty(
      'unread',
    );
  });

  test('a page whose every message was missed is broken, and says how many could not be read', async () => {
    const { c, sent, reports } = controller({ turns: [missed, missed] });
    await c.refresh();
    expect(sent).toEqual([]);
    expect(reports).toEqual([
      expect.objectContaining({
        state: 'broken',
        lastError: expect.objectContaining({ code: 'no-turns', unread: 2 }),
      }),
    ]);
  });

  test('a shared or read-only view is never read, from the JSON or the page, and says so', async () => {
    document.body.setAttribute('data-shared', '');
    try {
      const { c, sent, reports, fetchConversation } = controller({ api: apiOk(), turns: pageTurns });
      await c.refresh();
      c.onPageChange();
      expect(fetchConversation).not.toHaveBeenCalled();
      expect(sent).toEqual([]);
      expect(reports.map((r) => r.state)).toEqual(['shared']);
      expect(readPage(adapter({ turns: pageTurns }), page('https://chatgpt.com/c/abc123'))).toBeNull();
    } finally {
      document.body.removeAttribute('data-shared');
    }
  });
});
