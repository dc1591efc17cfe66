import { afterEach, expect, test, vi } from 'vitest';
import { watchThread } from './watch';

// Two frames: the observer's own frame request is made in a microtask after the test's first one.
const frame = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
};
afterEach(() => {
  document.body.replaceChildren();
});

function setup() {
  const thread = document.createElement('div');
  thread.id = 'thread';
  const p = document.createElement('p');
  thread.append(p);
  document.body.append(thread);
  const onChange = vi.fn();
  const ac = new AbortController();
  watchThread(document, () => document.getElementById('thread'), onChange, ac.signal);
  return { thread, p, onChange, ac };
}

test('a streaming answer costs one change per frame, however many tokens land', async () => {
  const { p, onChange, ac } = setup();
  for (let i = 0; i < 50; i++) {
    p.append(document.createTextNode(` tok${i}`));
    await Promise.resolve(); // each append is observed on its own, as when tokens arrive in separate tasks
  }
  await frame();
  expect(onChange).toHaveBeenCalledTimes(1);
  ac.abort();
  p.append('after abort');
  await frame();
  expect(onChange).toHaveBeenCalledTimes(1);
});

test('changes outside the thread (a stop button going away) are noticed too', async () => {
  const stop = document.createElement('button');
  document.body.append(stop);
  const { onChange, ac } = setup();
  stop.remove();
  await frame();
  expect(onChange).toHaveBeenCalledTimes(1);
  ac.abort();
});

test('a thread replaced by SPA navigation is found again and watched', async () => {
  const { thread, onChange, ac } = setup();
  const next = document.createElement('div');
  next.id = 'thread';
  thread.replaceWith(next);
  await frame();
  expect(onChange).toHaveBeenCalledTimes(1);
  next.append(document.createElement('article'));
  await frame();
  expect(onChange).toHaveBeenCalledTimes(2);
  ac.abort();
});

test("an answer's streaming flag falling is a change, whether Claude's attribute or a busy live region (Gemini, #24)", async () => {
  const { p, onChange, ac } = setup();
  p.setAttribute('aria-busy', 'true');
  await frame();
  p.setAttribute('aria-busy', 'false');
  await frame();
  p.setAttribute('data-is-streaming', 'false');
  await frame();
  p.setAttribute('class', 'fade-in'); // styling alone is not a change
  await frame();
  expect(onChange).toHaveBeenCalledTimes(3);
  ac.abort();
});
