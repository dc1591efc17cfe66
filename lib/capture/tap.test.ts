import { describe, expect, test, vi } from 'vitest';
import type { ReplyFinished } from './tap-protocol';
import { installTap } from './tap';

function fakeWindow(origin: string, body: string) {
  const original = vi.fn(async () => new Response(body, { status: 200 }));
  const win = { fetch: original, location: { origin, href: `${origin}/c/x` } } as unknown as Window;
  return { win, original };
}

const SSE = 'data: {"message":{"id":"m1"},"conversation_id":"6f0d2c1e-aaaa-4bbb"}\n\ndata: [DONE]\n\n';

describe('fetch tap', () => {
  test('a ChatGPT reply posted with a Request object: the page reads it whole, the tap learns the id', async () => {
    const { win, original } = fakeWindow('https://chatgpt.com', SSE);
    const posts: ReplyFinished[] = [];
    installTap(win, 'chatgpt', (m) => posts.push(m));
    const request = new Request('https://chatgpt.com/backend-api/f/conversation', {
      method: 'POST',
      body: '{}',
    });
    const response = await win.fetch(request);
    expect(original).toHaveBeenCalledWith(request); // same arguments, unchanged
    expect(await response.text()).toBe(SSE);
    await vi.waitFor(() => expect(posts).toEqual([{ conversationId: '6f0d2c1e-aaaa-4bbb' }]));
  });

  test('Claude completion by URL and init; the id comes from the path', async () => {
    const { win } = fakeWindow('https://claude.ai', 'event: completion\ndata: {}\n\n');
    const posts: ReplyFinished[] = [];
    installTap(win, 'claude', (m) => posts.push(m));
    const path = '/api/organizations/org-1/chat_conversations/6f0d2c1e-2222-4a2b/completion';
    await (await win.fetch(path, { method: 'post', body: '{}' })).text();
    await vi.waitFor(() => expect(posts).toEqual([{ conversationId: '6f0d2c1e-2222-4a2b' }]));
  });

  test('ignores other calls: GETs, other paths, other origins', async () => {
    const { win } = fakeWindow('https://chatgpt.com', SSE);
    const post = vi.fn();
    installTap(win, 'chatgpt', post);
    await win.fetch('/backend-api/conversation/abc');
    await win.fetch('/backend-api/f/conversation/init', { method: 'POST' });
    await win.fetch('https://evil.example/backend-api/f/conversation', { method: 'POST' });
    await new Promise((r) => setTimeout(r, 10));
    expect(post).not.toHaveBeenCalled();
  });

  test('survives its own exceptions and leaves failures to the page', async () => {
    const { win, original } = fakeWindow('https://chatgpt.com', SSE);
    installTap(win, 'chatgpt', () => {
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
    const uninstall = installTap(win, 'chatgpt', vi.fn());
    expect(win.fetch).not.toBe(original);
    uninstall();
    expect(win.fetch).toBe(original);
  });
});
