// The capture controller's half of the privacy rule (#34), on a site whose do-not-remember signal and authors live
// only in its JSON and its request (as Perplexity's do): nothing leaves the page for a chat that is private, that
// another account wrote, or that only the page vouches for; a chat found private is told to the background.
import { describe, expect, test, vi } from 'vitest';
import type { CaptureRequest, CaptureStatus, ChatRef } from '../model/messages';
import type { SiteAdapter } from '../sites/adapter';
import type { ApiConversation, ApiResult } from '../sites/api-types';
import { perplexityCore } from '../sites/perplexity/site';
import type { PrivacyMark } from '../sites/privacy';
import { createController } from './controller';

const HOME = 'https://www.perplexity.ai/';
const THREAD = 'https://www.perplexity.ai/search/porto-trip-x1Y2';
const SLUG = 'porto-trip-x1Y2';
const turns = [
  { id: 'q1', role: 'user' as const, text: 'I have type 2 diabetes.', createdAt: null },
  { id: 'a1', role: 'assistant' as const, text: 'Noted.', createdAt: null },
];
const thread = (over: Partial<ApiConversation> = {}): ApiResult => ({
  ok: true,
  conversation: { id: SLUG, title: 'T', private: false, createdAt: null, turns, authorsKnown: true, ...over },
});
const failed: ApiResult = { ok: false, reason: 'HTTP 404 from /rest/thread/x' };

function setup(opts: { href?: string; api?: ApiResult; marks?: Record<string, PrivacyMark> } = {}) {
  let href = opts.href ?? THREAD;
  let api = opts.api ?? thread();
  const sent: CaptureRequest[] = [];
  const reports: CaptureStatus[] = [];
  const forgotten: ChatRef[] = [];
  const asked: ChatRef[] = [];
  const fetchConversation = vi.fn(async () => api);
  const adapter: SiteAdapter = {
    ...perplexityCore,
    isPrivatePage: () => false,
    isSharedView: () => false,
    parseTurns: () => [
      { siteMessageId: null, role: 'user', text: 'Someone else’s question.' },
      { siteMessageId: null, role: 'assistant', text: 'An answer.' },
    ],
    isStreaming: () => false,
    findThread: () => null,
    findComposer: () => null,
    fetchConversation,
    isWindowed: () => false,
    fetchMemories: async () => ({ ok: false, reason: 'none' }),
  };
  const c = createController({
    adapter,
    page: { document, href: () => href },
    fetchJson: async () => null,
    cookie: () => '',
    send: async (req) => (
      sent.push(req),
      { stored: req.turns.length, seen: req.turns.length, skipped: null }
    ),
    report: async (status) => reports.push(status),
    privacy: {
      mark: async (chat) => (asked.push(chat), opts.marks?.[chat.conversationId] ?? null),
      forget: async (chat) => (forgotten.push(chat), { ok: true }),
    },
  });
  const go = (to: string) => (href = to);
  const answer = (next: ApiResult) => (api = next);
  return { c, sent, reports, forgotten, asked, fetchConversation, go, answer };
}

const states = (reports: CaptureStatus[]) => reports.map((r) => r.state);

describe('a request that asked not to be remembered', () => {
  test('sent from the home page: the thread its answer opens is never read, and is forgotten once named', async () => {
    const s = setup({ href: HOME });
    s.c.onPrivateRequest(null, 'sent');
    // The site pushes the new thread's address while the answer streams.
    s.go(THREAD);
    await s.c.refresh();
    expect(s.fetchConversation).not.toHaveBeenCalled();
    expect(s.forgotten).toEqual([]); // not yet known to be this request's thread
    s.c.onPrivateRequest(SLUG, 'named');
    expect(s.forgotten.map((f) => f.conversationId)).toEqual([SLUG]);
    s.c.onPrivateRequest(SLUG, 'done');
    await s.c.refresh(SLUG);
    s.c.onPageChange();
    expect(s.fetchConversation).not.toHaveBeenCalled();
    expect(s.sent).toEqual([]);
    expect(new Set(states(s.reports))).toEqual(new Set(['private']));
    expect(s.forgotten).toHaveLength(1); // told once per page
  });

  test('heard before the first read of the home page (posted again as the script starts): the home page says private', async () => {
    const s = setup({ href: HOME });
    s.c.onPrivateRequest(null, 'sent');
    s.c.onPrivateRequest(SLUG, 'named');
    s.c.onPrivateRequest(SLUG, 'done');
    // The site switch is known only now: the first read, with no hint, of a page still at the home address.
    await s.c.resume();
    expect(states(s.reports).at(-1)).toBe('private');
    expect(s.forgotten.map((f) => f.conversationId)).toEqual([SLUG]);
    // Once the page is elsewhere, its home is an ordinary page again.
    s.go(THREAD);
    s.go(HOME + '?new');
    await s.c.refresh();
    expect(states(s.reports).at(-1)).toBe('idle');
    expect(s.sent).toEqual([]);
  });

  test('sent from a thread already captured: that thread is forgotten as the request leaves', async () => {
    const s = setup();
    await s.c.refresh();
    expect(s.sent).toHaveLength(1);
    s.c.onPrivateRequest(null, 'sent');
    expect(s.forgotten).toEqual([{ site: 'perplexity', conversationId: SLUG, url: THREAD }]);
    s.c.onPrivateRequest(null, 'done');
    await s.c.refresh();
    expect(s.sent).toHaveLength(1);
  });

  test('someone who opens another thread while it streams: that other thread is not forgotten', async () => {
    const s = setup({ href: HOME });
    s.c.onPrivateRequest(null, 'sent');
    s.go('https://www.perplexity.ai/search/lisbon-move-a1B2');
    await s.c.refresh();
    s.c.onPrivateRequest(SLUG, 'done');
    expect(s.forgotten.map((f) => f.conversationId)).toEqual([SLUG]);
  });
});

describe('what the background keeps, across tabs and reloads', () => {
  test('a chat the background knows is private is not read at all, JSON or page', async () => {
    const s = setup({ marks: { [SLUG]: 'private' }, api: failed });
    await s.c.refresh();
    s.c.onPageChange();
    expect(s.fetchConversation).not.toHaveBeenCalled();
    expect(s.sent).toEqual([]);
    expect(states(s.reports)).toEqual(['private']);
  });

  test('the JSON failing on a chat it never confirmed: nothing is read from the page (fail closed)', async () => {
    const s = setup({ api: failed });
    await s.c.refresh();
    s.c.onPageChange();
    await vi.waitFor(() => expect(states(s.reports)).toEqual(['unconfirmed']));
    expect(s.reports[0]?.lastError).toMatch(/404/);
    expect(s.sent).toEqual([]);
  });

  test('the JSON failing on a chat confirmed earlier (here or in the background): the page is read', async () => {
    const earlier = setup({ api: failed, marks: { [SLUG]: 'confirmed' } });
    await earlier.c.refresh();
    expect(earlier.sent.map((r) => r.strategy)).toEqual(['page']);
    const here = setup();
    await here.c.refresh();
    here.answer(failed);
    await here.c.refresh();
    expect(here.sent.map((r) => [r.strategy, r.confirmed])).toEqual([
      ['api', true],
      ['page', undefined],
    ]);
  });

  test('a chat the JSON says is private after it was captured is forgotten', async () => {
    const s = setup();
    await s.c.refresh();
    s.answer(thread({ private: true }));
    await s.c.refresh();
    expect(s.sent).toHaveLength(1);
    expect(s.forgotten.map((f) => f.conversationId)).toEqual([SLUG]);
    expect(states(s.reports).at(-1)).toBe('private');
  });

  test('a failed read that still says private (one procedure of a batch failed) is private', async () => {
    const s = setup({ api: { ok: false, reason: 'message.all failed', private: true } });
    await s.c.refresh();
    s.c.onPageChange();
    expect(s.sent).toEqual([]);
    expect(s.forgotten).toHaveLength(1);
  });
});

describe("other accounts' threads", () => {
  test("a thread another account wrote sends nothing and says it is someone else's shared thread", async () => {
    const s = setup({ api: thread({ turns: [], othersLeftOut: 4 }) });
    await s.c.refresh();
    expect(s.sent).toEqual([]);
    expect(s.reports).toEqual([expect.objectContaining({ state: 'shared', lastError: null })]);
  });

  test('a thread with some turns of another account sends only the person’s own, and never vouches for the page', async () => {
    const s = setup({ api: thread({ othersLeftOut: 2 }) });
    await s.c.refresh();
    expect(s.sent[0]).toMatchObject({ strategy: 'api', confirmed: false });
    s.answer(failed);
    await s.c.refresh();
    expect(s.sent).toHaveLength(1);
    expect(states(s.reports).at(-1)).toBe('unconfirmed');
  });

  test('a thread whose authors the JSON does not name sends nothing', async () => {
    const s = setup({ api: thread({ authorsKnown: false, turns: [] }) });
    await s.c.refresh();
    expect(s.sent).toEqual([]);
    expect(states(s.reports)).toEqual(['unconfirmed']);
  });
});

describe('when a read began (#33)', () => {
  test('each request carries the time its read began, not when the JSON answered', async () => {
    const s = setup();
    let asked = 0;
    let release: () => void = () => {};
    s.fetchConversation.mockImplementationOnce(() => {
      asked = Date.now();
      return new Promise<ApiResult>((resolve) => (release = () => resolve(thread())));
    });
    const began = Date.now();
    const read = s.c.refresh();
    await vi.waitFor(() => expect(s.fetchConversation).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 30));
    const answered = Date.now();
    release();
    await read;
    const readAt = s.sent[0]?.readAt ?? -1;
    expect(readAt).toBeGreaterThanOrEqual(began);
    expect(readAt).toBeLessThanOrEqual(asked);
    expect(answered).toBeGreaterThan(asked);
  });

  test('a page read after the JSON failed is as new as the page, not as the JSON request', async () => {
    const s = setup({ api: failed, marks: { [SLUG]: 'confirmed' } });
    let fail: () => void = () => {};
    s.fetchConversation.mockImplementationOnce(
      () => new Promise<ApiResult>((resolve) => (fail = () => resolve(failed))),
    );
    const read = s.c.refresh();
    await vi.waitFor(() => expect(s.fetchConversation).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 30));
    const failedAt = Date.now();
    fail();
    await read;
    expect(s.sent.map((r) => r.strategy)).toEqual(['page']);
    expect(s.sent[0]?.readAt).toBeGreaterThanOrEqual(failedAt);
  });
});
