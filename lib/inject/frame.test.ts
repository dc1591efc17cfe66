import { afterEach, expect, test, vi } from 'vitest';
import { createInsertButton } from './button';
import { createPreviewFrame, type FrameTransport } from './frame';

const transport: FrameTransport = {
  url: 'about:blank', // happy-dom would try to fetch an extension URL
  register: () => Promise.resolve({ token: 't' }),
  show: () => Promise.resolve(),
  hide: () => Promise.resolve(),
};

afterEach(() => document.body.replaceChildren());

// #24 bench:capture: a positioned, stacked host at rest cost a streaming Gemini page compositing work every frame.
test('the button host is positioned and stacked only while the preview is open', () => {
  const button = createInsertButton(document, () => Promise.resolve());
  document.body.append(button.host);
  const frame = createPreviewFrame(button.shadow, transport);
  const placed = () => [button.host.style.position, button.host.style.zIndex];
  expect(placed()).toEqual(['', '']);
  expect(getComputedStyle(button.host).display).toBe('inline-flex');
  frame.show({ site: 'chatgpt', scope: null, draft: '', recent: [], conversationId: null });
  expect(placed()).toEqual(['relative', '10']);
  frame.hide();
  expect(placed()).toEqual(['', '']);
});

// A registration whose answer was lost (the service worker stopped while it answered) left a frame without a
// token, and every open waited for a hello that never came (past-scale.e2e under load, 2026-12-07).
test('an open after a failed registration registers again, then opens', async () => {
  const asked: string[] = [];
  let fail = true;
  const flaky: FrameTransport = {
    ...transport,
    register: () => {
      asked.push('register');
      return fail ? Promise.reject(new Error('message port closed')) : Promise.resolve({ token: 't2' });
    },
    show: () => (asked.push('show'), Promise.resolve()),
  };
  const frame = createPreviewFrame(document.body, flaky);
  await new Promise((r) => setTimeout(r, 0));
  expect(frame.element.getAttribute('src')).toBeNull();
  fail = false;
  frame.show({ site: 'chatgpt', scope: null, draft: '', recent: [], conversationId: null });
  await vi.waitFor(() => expect(asked).toEqual(['register', 'register', 'show']));
  expect(frame.element.getAttribute('src')).toBe('about:blank#t2');
});

test('an open after a registration that worked asks nothing more', async () => {
  const asked: string[] = [];
  const counted: FrameTransport = {
    ...transport,
    register: () => (asked.push('register'), Promise.resolve({ token: 't' })),
    show: () => (asked.push('show'), Promise.resolve()),
  };
  const frame = createPreviewFrame(document.body, counted);
  frame.show({ site: 'chatgpt', scope: null, draft: '', recent: [], conversationId: null });
  await vi.waitFor(() => expect(asked).toEqual(['register', 'show']));
});
