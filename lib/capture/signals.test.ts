import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { listenForReplies, MIN_GAP_MS, type PrivateStage } from './signals';
import { askReplay, keptPrivate, postReplyFinished, TAP_REPLAY, TAP_TYPE } from './tap-protocol';

const ID = '6f0d2c1e-aaaa-4bbb';
const message = (conversationId: string | null = ID) => ({ type: TAP_TYPE, conversationId });

function post(data: unknown, init: { origin?: string; source?: MessageEventSource | null } = {}) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: init.origin ?? window.location.origin,
      source: init.source === undefined ? window : init.source,
    }),
  );
}

let stop: AbortController;
let seen: (string | null)[];
let hidden: [string | null, PrivateStage][];
beforeEach(() => {
  vi.useFakeTimers();
  stop = new AbortController();
  seen = [];
  hidden = [];
  listenForReplies(
    { onReply: (id) => seen.push(id), onPrivate: (id, stage) => hidden.push([id, stage]) },
    stop.signal,
  );
});
afterEach(() => {
  stop.abort();
  vi.useRealTimers();
});

describe('the fetch-tap window channel (#11)', () => {
  test("this window's own message, for its own origin, is a reply signal", () => {
    post(message());
    expect(seen).toEqual([ID]);
  });

  test('another window (a frame, an opener) cannot post one, even with the right shape and origin', () => {
    const other = document.createElement('iframe');
    document.body.append(other);
    post(message(), { source: other.contentWindow });
    post(message(), { source: null });
    expect(seen).toEqual([]);
    other.remove();
  });

  test('another origin cannot post one', () => {
    post(message(), { origin: 'https://evil.example' });
    expect(seen).toEqual([]);
  });

  test('a malformed message or a forged id is ignored', () => {
    post({ type: TAP_TYPE, conversationId: '../../backend-api/me' });
    post({ type: 'other', conversationId: ID });
    post('engram:fetch-tap:reply-finished');
    post(null);
    expect(seen).toEqual([]);
  });

  test('a flood becomes at most one signal per gap, and the last one still arrives', () => {
    for (let i = 0; i < 50; i++) post(message(`${ID}-${i}`));
    expect(seen).toEqual([`${ID}-0`]);
    vi.advanceTimersByTime(MIN_GAP_MS);
    expect(seen).toEqual([`${ID}-0`, `${ID}-49`]);
  });

  test('a do-not-remember request is told at once at every stage, never held back by the flood gap (#34)', () => {
    post(message());
    post({ ...message(null), private: true, stage: 'sent' });
    post({ ...message(), private: true, stage: 'named' });
    post({ ...message(), private: true });
    expect(hidden).toEqual([
      [null, 'sent'],
      [ID, 'named'],
      [ID, 'done'],
    ]);
    // Only the finished reply is a re-read, coalesced with the first.
    expect(seen).toEqual([ID]);
    vi.advanceTimersByTime(MIN_GAP_MS);
    expect(seen).toEqual([ID, ID]);
  });

  test('a stage or flag of the wrong kind is no message at all', () => {
    post({ ...message(), private: 'yes' });
    post({ ...message(), private: true, stage: 'later' });
    post({ ...message(), stage: 7 });
    vi.advanceTimersByTime(MIN_GAP_MS);
    expect(hidden).toEqual([]);
    expect(seen).toEqual([]);
  });

  test('after abort nothing is heard', () => {
    stop.abort();
    post(message());
    vi.advanceTimersByTime(MIN_GAP_MS);
    expect(seen).toEqual([]);
  });
});

describe('hints posted before the isolated side listened (#34)', () => {
  // The tap starts at document_start, this side at document_idle: a private request sent while the page loads
  // was posted to no one. The tap keeps its private hints and posts them again when this side starts and asks.
  // A window of its own: happy-dom's postMessage names another object as the source than its global window.
  function pageWindow(): Window {
    const origin = 'https://grok.com';
    const win = Object.assign(new EventTarget(), {
      location: { origin },
      postMessage: (data: unknown) =>
        queueMicrotask(() =>
          win.dispatchEvent(new MessageEvent('message', { data, origin, source: win as never })),
        ),
    });
    return win as unknown as Window;
  }
  const settle = () => vi.advanceTimersByTimeAsync(0);

  test('a chat asked for privately before the listener started is heard once it starts', async () => {
    const win = pageWindow();
    const tap = keptPrivate(win, (m) => postReplyFinished(win, m));
    tap({ conversationId: 'early-private-1', private: true, stage: 'sent' });
    tap({ conversationId: 'early-ordinary', private: false });
    await settle();
    const heard: [string | null, PrivateStage][] = [];
    const late = new AbortController();
    listenForReplies(
      { onReply: () => undefined, onPrivate: (id, stage) => heard.push([id, stage]) },
      late.signal,
      win,
    );
    await settle();
    expect(heard).toEqual([['early-private-1', 'sent']]);
    late.abort();
  });

  test('the tap keeps only private hints, the last 32, and answers only its own window', async () => {
    const win = pageWindow();
    const posted: unknown[] = [];
    const tap = keptPrivate(win, (m) => posted.push(m));
    for (let i = 0; i < 40; i++) tap({ conversationId: `private-${i}`, private: true });
    tap({ conversationId: 'ordinary', private: false });
    posted.length = 0;
    win.dispatchEvent(new MessageEvent('message', { data: { type: TAP_REPLAY }, source: null }));
    expect(posted).toEqual([]);
    askReplay(win);
    await settle();
    expect(posted.map((m) => (m as { conversationId: string }).conversationId)).toEqual(
      Array.from({ length: 32 }, (_, i) => `private-${i + 8}`),
    );
  });
});
