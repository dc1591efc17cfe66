import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { STREAM_POLL_MS, watchThread } from './watch';

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
  const streaming = { now: false };
  const findThread = () => document.getElementById('thread');
  watchThread({ root: document, findThread, isStreaming: () => streaming.now, onChange }, ac.signal);
  return { thread, p, onChange, ac, streaming };
}

/** SPA navigation: the thread element is replaced by a new one with the same id. */
function replaceThread(thread: HTMLElement): HTMLElement {
  const next = document.createElement('div');
  next.id = 'thread';
  thread.replaceWith(next);
  return next;
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
  const next = replaceThread(thread);
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

describe('while an answer streams (#24: a 200-turn Gemini page paid three script calls a frame)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'requestAnimationFrame'] }));
  afterEach(() => vi.useRealTimers());
  // A frame with fake timers: the observer's microtask first, then its frame request.
  const tick = async (ms = 16) => {
    await Promise.resolve();
    await vi.advanceTimersByTimeAsync(ms);
  };
  /** The next look while resting, and the frame a change it finds schedules. */
  const nextLook = async () => {
    await tick(STREAM_POLL_MS);
    await tick();
  };
  /** A watcher whose first change found an answer streaming: it rests. */
  const streamStarted = async () => {
    const watched = setup();
    watched.streaming.now = true;
    watched.p.append('first');
    await tick();
    return watched;
  };

  test('tokens cost nothing; the page is looked at every STREAM_POLL_MS; the end is one change', async () => {
    const { p, onChange, ac, streaming } = await streamStarted();
    expect(onChange).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 30; i++) {
      p.append(document.createTextNode(` tok${i}`));
      await tick(STREAM_POLL_MS / 10); // 30 tokens over three polls
    }
    expect(onChange).toHaveBeenCalledTimes(1 + 3);
    streaming.now = false;
    await nextLook();
    expect(onChange).toHaveBeenCalledTimes(5);
    p.append('a change after the stream is seen again at once');
    await tick();
    expect(onChange).toHaveBeenCalledTimes(6);
    ac.abort();
  });

  test('a thread replaced mid-stream is found at the next look and watched once the stream ends', async () => {
    const { thread, p, onChange, ac, streaming } = await streamStarted();
    const next = replaceThread(thread);
    await nextLook();
    expect(onChange).toHaveBeenCalledTimes(2);
    streaming.now = false;
    await nextLook();
    expect(onChange).toHaveBeenCalledTimes(3);
    p.append('the old thread is no longer watched');
    await tick();
    expect(onChange).toHaveBeenCalledTimes(3);
    next.append(document.createElement('article'));
    await tick();
    expect(onChange).toHaveBeenCalledTimes(4);
    ac.abort();
  });

  test('after abort nothing runs, resting or not', async () => {
    const { p, onChange, ac, streaming } = await streamStarted();
    ac.abort();
    await tick(STREAM_POLL_MS * 4);
    streaming.now = false;
    p.append('after abort');
    await tick(STREAM_POLL_MS * 2);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
