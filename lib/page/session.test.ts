import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { SiteAdapter } from '../sites/adapter';
import { chatgptCore } from '../sites/chatgpt/site';

import { GUARD_KEY } from '../inject/guard-link';
import { installGuard } from '../inject/guard';
import { createInsertSession, readContext } from './session';
import { page as english } from '../../locales/en.json';
import { pageWord, setPageWords } from '../inject/words';

setPageWords(english);
const FRAME_TITLE = pageWord('frameTitle');
const HIDDEN = pageWord('hidden');

// about:blank: happy-dom would try to fetch an extension URL; the real URL is checked in e2e.
const SRC = 'about:blank';

// The on-screen guard's own content script runs beside the site's (entrypoints/preview-guard.content.ts).
beforeAll(installGuard);
afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const BLOCK = '<engram-memory>\n- x\n</engram-memory>';
const NOT_ON_SCREEN = 'The preview is not fully on screen, so nothing was inserted.';
const JUST_SHOWN = 'The preview has only just come into view, so nothing was inserted.';
const status = (session: { button: { shadow: ShadowRoot } }) =>
  session.button.shadow.querySelector('[role=status]')?.textContent;

/**
 * happy-dom lays nothing out: the frame gets the box a browser gives it (462 × 402 px at 1024 × 768), and is
 * what its root finds at every point (lib/inject/sight.test.ts tests the looking itself).
 */
function laidOut(root: ShadowRoot) {
  const frame = root.querySelector('iframe')!;
  const rect = { x: 40, y: 100, left: 40, top: 100, width: 462, height: 402, right: 502, bottom: 502 };
  vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue({ ...rect, toJSON: () => rect } as DOMRect);
  Object.defineProperty(root, 'elementFromPoint', { value: () => frame, configurable: true });
  vi.spyOn(document, 'elementFromPoint').mockReturnValue(root.host);
}

/** happy-dom has no `isTrusted`; a browser sets it only on what the person did. */
function trusted<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}
const shortcut = () => new KeyboardEvent('keydown', { altKey: true, shiftKey: true, code: 'KeyM' });

function transport() {
  let n = 0;
  return {
    url: SRC,
    register: vi.fn(async () => ({ token: `token${++n}` })),
    show: vi.fn(async () => ({ ok: true })),
    hide: vi.fn(async () => ({ ok: true })),
  };
}

function page(insert?: SiteAdapter['insert']) {
  const form = document.createElement('form');
  const composer = document.createElement('div');
  composer.contentEditable = 'true';
  composer.tabIndex = 0;
  composer.textContent = 'Lisbon';
  form.append(composer);
  document.body.append(form);
  const adapter = {
    ...chatgptCore,
    findComposer: () => (composer.isConnected ? composer : null),
    conversationId: () => 'c1',
    parseTurns: () => [],
    insert,
  } as unknown as SiteAdapter;
  const frame = transport();
  const send = { offer: vi.fn(async () => ({ count: null })), warm: vi.fn(async () => ({})), frame };
  const session = createInsertSession(adapter, document, send);
  session.sync('https://chatgpt.com/c/c1');
  const button = session.button.shadow.querySelector('button');
  if (!button) throw new Error('no button');
  return { session, composer, send, frame, button, form };
}

const frames = (root: ShadowRoot) => [...root.querySelectorAll('iframe')];
const shown = (root: ShadowRoot) => frames(root).filter((f) => !f.hidden);

describe('the insert session places the preview frame, never memory text', () => {
  test('the button mounts with one hidden frame, loaded with the token the background gave it', async () => {
    const { session, send, frame } = page();
    expect(send.warm).toHaveBeenCalledOnce();
    expect(frame.register).toHaveBeenCalledOnce();
    const [el] = frames(session.button.shadow);
    await vi.waitFor(() => expect(el?.getAttribute('src')).toBe(`${SRC}#token1`));
    expect(el?.title).toBe(FRAME_TITLE);
    expect(shown(session.button.shadow)).toEqual([]);
  });

  test("a real click shows that same frame and asks the background to open it with the page's context", async () => {
    const { session, button, frame } = page();
    button.dispatchEvent(trusted(new MouseEvent('click', { bubbles: true })));
    expect(shown(session.button.shadow)).toHaveLength(1);
    await vi.waitFor(() =>
      expect(frame.show).toHaveBeenCalledWith({
        site: 'chatgpt',
        draft: 'Lisbon',
        recent: [],
        scope: null,
        conversationId: 'c1',
      }),
    );
    expect(frames(session.button.shadow)).toHaveLength(1);
  });

  test('a click or shortcut a page script makes does nothing (#11)', async () => {
    const { session, button, frame } = page();
    button.click();
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    document.dispatchEvent(shortcut());
    await new Promise((r) => setTimeout(r, 20));
    expect(shown(session.button.shadow)).toEqual([]);
    expect(frame.show).not.toHaveBeenCalled();
  });

  test("the person's Alt+Shift+M shows the same frame", () => {
    const { session } = page();
    document.dispatchEvent(trusted(shortcut()));
    expect(shown(session.button.shadow)).toHaveLength(1);
  });

  test("the person's Escape on the page closes an open preview too; a script's does not", async () => {
    const { session, frame } = page();
    await session.open();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(shown(session.button.shadow)).toHaveLength(1);
    document.dispatchEvent(trusted(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(shown(session.button.shadow)).toEqual([]);
    expect(frame.hide).toHaveBeenCalledOnce();
  });

  test('close hides the frame and gives the composer focus back', async () => {
    const { session, composer } = page();
    await session.open();
    session.close();
    expect(frames(session.button.shadow)).toHaveLength(1);
    expect(shown(session.button.shadow)).toEqual([]);
    expect(document.activeElement).toBe(composer);
  });

  test("the frame's confirm inserts nothing while the frame is closed", () => {
    const { session, composer } = page();
    expect(session.insertFromPreview(BLOCK)).toEqual({ ok: false, message: NOT_ON_SCREEN });
    expect(composer.textContent).toBe('Lisbon');
  });

  test("the frame's confirm inserts once the frame has been plainly on screen for 500 ms (#25 item 8)", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    // The composer's own path (happy-dom has no editing): what the session hands it is what would be typed.
    const insert = vi.fn(() => ({ ok: true as const, method: 'value' as const }));
    const { session, composer } = page(insert);
    laidOut(session.button.shadow);
    await session.open();
    expect(session.insertFromPreview(BLOCK)).toEqual({ ok: false, message: JUST_SHOWN });
    expect(insert).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(session.insertFromPreview(BLOCK)).toMatchObject({ ok: true });
    expect(insert).toHaveBeenCalledWith(composer, BLOCK);
  });

  test('without the guard script beside it, the confirm never inserts', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const globals = globalThis as { [GUARD_KEY]?: unknown };
    const guard = globals[GUARD_KEY];
    Reflect.deleteProperty(globals, GUARD_KEY);
    try {
      const { session, composer } = page(vi.fn(() => ({ ok: true as const, method: 'value' as const })));
      laidOut(session.button.shadow);
      await session.open();
      vi.advanceTimersByTime(1000);
      expect(session.insertFromPreview(BLOCK)).toEqual({ ok: false, message: HIDDEN });
      expect(composer.textContent).toBe('Lisbon');
    } finally {
      globals[GUARD_KEY] = guard;
    }
  });

  test('while the page hides the open frame, the button says so and the confirm inserts nothing', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const { session, composer } = page();
    laidOut(session.button.shadow);
    await session.open();
    vi.advanceTimersByTime(1000);
    session.button.host.style.setProperty('zoom', '0.05');
    vi.advanceTimersByTime(100);
    expect(status(session)).toBe(HIDDEN);
    expect(session.insertFromPreview(BLOCK)).toEqual({ ok: false, message: HIDDEN });
    session.button.host.style.removeProperty('zoom');
    vi.advanceTimersByTime(100);
    expect(status(session)).toBe('');
    // Plain again, but only just: the count starts over.
    expect(session.insertFromPreview(BLOCK)).toEqual({ ok: false, message: JUST_SHOWN });
    expect(composer.textContent).toBe('Lisbon');
  });

  test('a host the page moved is mounted again with a new frame token (the old one is spent)', async () => {
    const { session, frame, form } = page();
    session.button.host.remove();
    session.sync('https://chatgpt.com/c/c1');
    expect(form.previousSibling).toBe(session.button.host);
    expect(frame.register).toHaveBeenCalledTimes(2);
    const [el] = frames(session.button.shadow);
    await vi.waitFor(() => expect(el?.getAttribute('src')).toBe(`${SRC}#token2`));
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
    ...chatgptCore,
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
      frame: transport(),
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

describe("a site's own composer path (a textarea, #24)", () => {
  test('the draft is the textarea’s value, and the adapter’s insert types the block', () => {
    const area = document.createElement('textarea');
    area.value = 'What herbs grow in shade?';
    document.body.append(area);
    const insert = vi.fn(() => ({ ok: true as const, method: 'value' as const }));
    const adapter = {
      ...chatgptCore,
      findComposer: () => area,
      conversationId: () => 'c1',
      parseTurns: () => [],
      insert,
    } as unknown as SiteAdapter;
    expect(readContext(adapter, document).draft).toBe('What herbs grow in shade?');
    const send = {
      offer: vi.fn(async () => ({ count: null })),
      warm: vi.fn(async () => ({})),
      frame: transport(),
    };
    const session = createInsertSession(adapter, document, send);
    expect(session.insert('<engram-memory>\n- x\n</engram-memory>')).toMatchObject({ ok: true });
    expect(insert).toHaveBeenCalledWith(area, '<engram-memory>\n- x\n</engram-memory>');
  });
});

describe('Engram switched off for the site (Settings → Sites, #24)', () => {
  const newChat = 'https://chatgpt.com/';
  function newChatPage() {
    const form = document.createElement('form');
    const composer = document.createElement('div');
    form.append(composer);
    document.body.append(form);
    // The site's own object: a new chat's offer asks for the scope its URL names (lib/sites/site.ts urlScope).
    const adapter = {
      ...chatgptCore,
      findComposer: () => composer,
      parseTurns: () => [],
    } as unknown as SiteAdapter;
    const send = {
      offer: vi.fn(async () => ({ count: 3 })),
      warm: vi.fn(async () => ({})),
      frame: transport(),
    };
    return { session: createInsertSession(adapter, document, send), send, form };
  }

  test('off: the button and its open frame leave the page; no shortcut, offer or sync brings them back', async () => {
    const { session, send, form } = newChatPage();
    session.sync(newChat);
    await session.open();
    expect(form.previousSibling).toBe(session.button.host);
    expect(shown(session.button.shadow)).toHaveLength(1);
    session.setOn(false, newChat);
    expect(session.button.host.isConnected).toBe(false);
    expect(shown(session.button.shadow)).toEqual([]);
    expect(send.frame.hide).toHaveBeenCalledOnce();
    // Opening shows the frame at once (no wait on the background), so nothing shown now means nothing opened.
    document.dispatchEvent(trusted(shortcut()));
    await session.open();
    session.sync(newChat);
    session.sync('https://chatgpt.com/?model=auto');
    expect(session.button.host.isConnected).toBe(false);
    expect(shown(session.button.shadow)).toEqual([]);
    expect(send.offer).toHaveBeenCalledOnce();
  });

  test('on again: the button is back by the composer with a fresh frame, and the new chat is offered again', async () => {
    const { session, send, form } = newChatPage();
    session.sync(newChat);
    session.setOn(false, newChat);
    session.setOn(true, newChat);
    expect(form.previousSibling).toBe(session.button.host);
    expect(send.frame.register).toHaveBeenCalledTimes(2);
    expect(send.offer).toHaveBeenCalledTimes(2);
    await session.open();
    expect(shown(session.button.shadow)).toHaveLength(1);
    await vi.waitFor(() => expect(send.frame.show).toHaveBeenCalledOnce());
  });
});
