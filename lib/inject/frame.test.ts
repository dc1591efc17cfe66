import { afterEach, expect, test } from 'vitest';
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
