import { describe, expect, test, vi } from 'vitest';
import { chatgpt } from '../sites/chatgpt/site';
import { claude } from '../sites/claude/site';
import { perplexity } from '../sites/perplexity/site';
import type { ReplyFinished } from './tap-protocol';
import { installTap, type TapWindow } from './tap';

function fakeWindow(origin: string, body: BodyInit | (() => Response)) {
  const respond = typeof body === 'function' ? body : () => new Response(body, { status: 200 });
  const original = vi.fn(async () => respond());
  const win = { fetch: original, XMLHttpRequest, location: { origin, href: `${origin}/c/x` } };
  return { win: win as unknown as TapWindow, original };
}

const SSE = 'data: {"message":{"id":"m1"},"conversation_id":"6f0d2c1e-aaaa-4bbb"}\n\ndata: [DONE]\n\n';

describe('fetch tap', () => {
  test('a ChatGPT reply posted with a Request object: the page reads it whole, the tap learns the id', async () => {
    const { win, original } = fakeWindow('https://chatgpt.com', SSE);
    const posts: ReplyFinished[] = [];
    installTap(win, chatgpt.reply, (m) => posts.push(m));
    const request = new Request('https://chatgpt.com/backend-api/f/conversation', {
      method: 'POST',
      body: '{}',
    });
    const response = await win.fetch(request);
    expect(original).toHaveBeenCalledWith(request); // same arguments, unchanged
    expect(await response.text()).toBe(SSE);
    await vi.waitFor(() => expect(posts).toEqual([{ conversationId: '6f0d2c1e-aaaa-4bbb', private: false }]));
  });

  test('Claude completion by URL and init; the id comes from the path', async () => {
    const { win } = fakeWindow('https://claude.ai', 'event: completion\ndata: {}\n\n');
    const posts: ReplyFinished[] = [];
    installTap(win, claude.reply, (m) => posts.push(m));
    const path = '/api/organizations/org-1/chat_conversations/6f0d2c1e-2222-4a2b/completion';
    await (await win.fetch(path, { method: 'post', body: '{}' })).text();
    await vi.waitFor(() => expect(posts).toEqual([{ conversationId: '6f0d2c1e-2222-4a2b', private: false }]));
  });

  test('a reply the page aborts after its end still names the thread (Perplexity), and its incognito body', async () => {
    const chunk = new TextEncoder().encode('event: message\ndata: {"thread_url_slug":"porto-trip-x1Y2"}\n\n');
    let fail: (e: Error) => void = () => undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(chunk);
        fail = (e) => controller.error(e);
      },
    });
    const { win } = fakeWindow('https://www.perplexity.ai', () => new Response(stream));
    const posts: ReplyFinished[] = [];
    installTap(win, perplexity.reply, (m) => posts.push(m));
    const body = JSON.stringify({ params: { is_incognito: true }, query_str: 'hi' });
    const response = await win.fetch('/rest/sse/perplexity_ask', { method: 'POST', body });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('porto-trip-x1Y2');
    fail(new DOMException('The user aborted a request.', 'AbortError'));
    await vi.waitFor(() =>
      expect(posts).toEqual([
        { conversationId: null, private: true, stage: 'sent' },
        { conversationId: 'porto-trip-x1Y2', private: true, stage: 'named' },
        { conversationId: 'porto-trip-x1Y2', private: true },
      ]),
    );
  });

  test('an incognito ask is told as it leaves, and as soon as its stream names the thread, long before it ends (#34)', async () => {
    let push: (text: string) => void = () => undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    let answer: (r: Response) => void = () => undefined;
    const { win } = fakeWindow('https://www.perplexity.ai', () => new Response(stream));
    win.fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch;
    const posts: ReplyFinished[] = [];
    installTap(win, perplexity.reply, (m) => posts.push(m));
    const body = JSON.stringify({ params: { is_incognito: true }, query_str: 'hi' });
    const pending = win.fetch('/rest/sse/perplexity_ask', { method: 'POST', body });
    // No answer yet: the request alone is told.
    expect(posts).toEqual([{ conversationId: null, private: true, stage: 'sent' }]);
    answer(new Response(stream));
    await pending;
    push('event: message\ndata: {"status":"PENDING"}\n\n');
    await new Promise((r) => setTimeout(r, 10));
    expect(posts).toHaveLength(1);
    push('event: message\ndata: {"thread_url_slug":"porto-trip-x1Y2"}\n\n');
    await vi.waitFor(() =>
      expect(posts[1]).toEqual({ conversationId: 'porto-trip-x1Y2', private: true, stage: 'named' }),
    );
    push('event: message\ndata: {"thread_url_slug":"porto-trip-x1Y2","more":1}\n\n');
    await new Promise((r) => setTimeout(r, 10));
    expect(posts).toHaveLength(2); // named once; the end is still to come
  });

  test('an ordinary ask is told only when its answer ends', async () => {
    const { win } = fakeWindow('https://www.perplexity.ai', 'data: {"thread_url_slug":"lisbon-x1Y2"}\n\n');
    const posts: ReplyFinished[] = [];
    installTap(win, perplexity.reply, (m) => posts.push(m));
    await (await win.fetch('/rest/sse/perplexity_ask', { method: 'POST', body: '{"params":{}}' })).text();
    await vi.waitFor(() => expect(posts).toEqual([{ conversationId: 'lisbon-x1Y2', private: false }]));
  });

  test('ignores other calls: GETs, other paths, other origins', async () => {
    const { win } = fakeWindow('https://chatgpt.com', SSE);
    const post = vi.fn();
    installTap(win, chatgpt.reply, post);
    await win.fetch('/backend-api/conversation/abc');
    await win.fetch('/backend-api/f/conversation/init', { method: 'POST' });
    await win.fetch('https://evil.example/backend-api/f/conversation', { method: 'POST' });
    await new Promise((r) => setTimeout(r, 10));
    expect(post).not.toHaveBeenCalled();
  });

  test('survives its own exceptions and leaves failures to the page', async () => {
    const { win, original } = fakeWindow('https://chatgpt.com', SSE);
    installTap(win, chatgpt.reply, () => {
      throw new Error('tap bug');
    });
    // An unparsable URL makes describeCall throw; the page still gets the site's own answer.
    const response = await win.fetch('http://[bad', { method: 'POST' });
    expect(response.status).toBe(200);
    await (await win.fetch('/backend-api/f/conversation', { method: 'POST' })).text();
    original.mockRejectedValueOnce(new TypeError('offline'));
    await expect(win.fetch('/backend-api/f/conversation', { method: 'POST' })).rejects.toThrow('offline');
  });

  test('uninstalling restores the original fetch', () => {
    const { win, original } = fakeWindow('https://chatgpt.com', SSE);
    const uninstall = installTap(win, chatgpt.reply, vi.fn());
    expect(win.fetch).not.toBe(original);
    uninstall();
    expect(win.fetch).toBe(original);
  });
});
