import { afterEach, describe, expect, test, vi } from 'vitest';
import type { SiteAdapter } from '../sites/adapter';
import { FRAME_BOOTED, FRAME_TITLE, openMessage } from './frame';
import { createInsertSession, readContext } from './session';

// about:blank: happy-dom would try to fetch an extension URL; the real URL is checked in e2e.
const SRC = 'about:blank';

afterEach(() => document.body.replaceChildren());

function page() {
  const form = document.createElement('form');
  const composer = document.createElement('div');
  composer.contentEditable = 'true';
  composer.tabIndex = 0;
  form.append(composer);
  document.body.append(form);
  const adapter = {
    site: 'chatgpt',
    findComposer: () => (composer.isConnected ? composer : null),
    conversationId: () => 'c1',
    parseTurns: () => [],
  } as unknown as SiteAdapter;
  const send = {
    offer: vi.fn(async () => ({ count: null })),
    warm: vi.fn(async () => ({})),
    frameUrl: () => SRC,
  };
  const session = createInsertSession(adapter, document, send);
  session.sync('https://chatgpt.com/c/c1');
  return { session, composer, send };
}

const frames = (root: ShadowRoot) => [...root.querySelectorAll('iframe')];
const shown = (root: ShadowRoot) => frames(root).filter((f) => !f.hidden);

describe('the insert session places the preview frame, never memory text', () => {
  test('the button mounts with one hidden frame of the preview page; a click shows that same frame', async () => {
    const { session, send } = page();
    expect(send.warm).toHaveBeenCalledOnce();
    const [frame] = frames(session.button.shadow);
    expect(frame?.getAttribute('src')).toBe(SRC);
    expect(frame?.title).toBe(FRAME_TITLE);
    expect(shown(session.button.shadow)).toEqual([]);
    session.button.shadow.querySelector('button')?.click();
    await vi.waitFor(() => expect(shown(session.button.shadow)).toEqual([frame]));
    await session.open();
    expect(frames(session.button.shadow)).toEqual([frame]);
  });

  test('a click tells the frame to show a fresh preview, and again when a (re)loaded frame says it booted', async () => {
    const { session } = page();
    const [frame] = frames(session.button.shadow);
    const win = frame?.contentWindow;
    if (!win) throw new Error('no frame window');
    const post = vi.spyOn(win, 'postMessage');
    window.dispatchEvent(new MessageEvent('message', { data: FRAME_BOOTED, source: win }));
    expect(post).not.toHaveBeenCalled();
    await session.open();
    expect(post).toHaveBeenLastCalledWith(openMessage(1), '*');
    window.dispatchEvent(new MessageEvent('message', { data: FRAME_BOOTED, source: window }));
    expect(post).toHaveBeenCalledTimes(1);
    // A (re)booted frame gets the same open again, so it can tell a repeat from a new open.
    window.dispatchEvent(new MessageEvent('message', { data: FRAME_BOOTED, source: win }));
    expect(post).toHaveBeenLastCalledWith(openMessage(1), '*');
    expect(post).toHaveBeenCalledTimes(2);
    session.close();
    await session.open();
    expect(post).toHaveBeenLastCalledWith(openMessage(2), '*');
  });

  test('Alt+Shift+M shows the same frame', () => {
    const { session } = page();
    document.dispatchEvent(new KeyboardEvent('keydown', { altKey: true, shiftKey: true, code: 'KeyM' }));
    expect(shown(session.button.shadow)).toHaveLength(1);
  });

  test('Escape on the page closes an open preview too', async () => {
    const { session } = page();
    await session.open();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(shown(session.button.shadow)).toEqual([]);
  });

  test('close hides the frame and gives the composer focus back', async () => {
    const { session, composer } = page();
    await session.open();
    session.close();
    expect(frames(session.button.shadow)).toHaveLength(1);
    expect(shown(session.button.shadow)).toEqual([]);
    expect(document.activeElement).toBe(composer);
  });

  test('an insert without a composer says so beside the button', () => {
    const { session, composer } = page();
    composer.closest('form')?.remove();
    const result = session.insert('<engram-memory>\n- x\n</engram-memory>');
    expect(result).toEqual({ ok: false, message: 'No chat box found on this page.' });
    expect(session.button.shadow.querySelector('[role=status]')?.textContent).toBe(
      'No chat box found on this page.',
    );
  });
});

describe('project scope from the page URL', () => {
  const adapter = {
    site: 'chatgpt',
    findComposer: () => null,
    conversationId: (url: URL) => /\/c\/(\w+)/.exec(url.pathname)?.[1] ?? null,
    parseTurns: () => [],
  } as unknown as SiteAdapter;

  test('a chat inside a ChatGPT project asks for that project; a plain chat for none', () => {
    const at = (href: string) => readContext(adapter, { location: { href } } as unknown as Document);
    expect(at('https://chatgpt.com/g/g-p-67a1b2c3d4-trip/c/abc123')).toMatchObject({
      scope: 'project:chatgpt:g-p-67a1b2c3d4',
      conversationId: 'abc123',
    });
    expect(at('https://chatgpt.com/c/abc123').scope).toBeNull();
  });

  test('the new-chat offer of a project page counts that project too', async () => {
    const send = {
      offer: vi.fn(async () => ({ count: 2 })),
      warm: vi.fn(async () => ({})),
      frameUrl: () => SRC,
    };
    const composer = document.createElement('div');
    document.body.append(composer);
    const withComposer = { ...adapter, findComposer: () => composer } as SiteAdapter;
    createInsertSession(withComposer, document, send).sync(
      'https://chatgpt.com/g/g-p-67a1b2c3d4-trip/project',
    );
    expect(send.offer).toHaveBeenCalledWith({ site: 'chatgpt', scope: 'project:chatgpt:g-p-67a1b2c3d4' });
  });
});
