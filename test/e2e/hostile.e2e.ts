// The page is the attacker (#11). A script in the chat page can click, type, post messages, read open shadow
// roots, embed extension pages it can name, and restyle anything it can reach. Each attack below is followed by
// a real Enter and a real click from the person (Playwright's input is trusted), and must leave no memory text
// anywhere the page can read: its DOM and open shadow roots, the composer, the messages it receives. The same
// file shows the person's own ways in still work: the button, the shortcut, the keyboard alone, Escape, the popup.
//
// No sleep proves that an attack did nothing (#26). After it comes something that must happen after the attack's
// effect would have: the person's own open, which the background counts (an attack that opened the preview
// would have been counted first), or the person's Escape, which reaches the composer's tab after any insert
// asked before it; and the frame's visibility guard records each look it takes (components/preview/looks.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import {
  CHAT,
  COMPOSER,
  confirmCentre,
  expectNoneSeen,
  frameBox,
  frameSends,
  openHostilePage,
  personActs,
  personCloses,
  personOpensOwn,
  personTabsAndEnters,
} from './attacker';
import { fixture, launch, openOptions, servePage, type Harness } from './harness';
import { aimAt, applyTrick, ORDINARY_CSS, REVEALED_ON_HOVER, trickArgs, TRICKS, type Trick } from './hiding';
import { addMemories } from './options';
import {
  clickInsert,
  confirmButton,
  confirmPreview,
  frameShown,
  previewDialog,
  previewFrame,
} from './preview';
import { inContentScript, worker } from './records';

const SECRET = 'I am being treated for depression by Dr Almeida.';
const BLOCK = '<engram-memory>\nAlways answer in metric units.\n</engram-memory>';
const HIDDEN = "The page is hiding Engram's preview; Insert is off.";
const refusal = (t: Trick) =>
  t.name === 'moved off screen' ? 'The preview is not fully on screen, so nothing was inserted.' : HIDDEN;
const RULE = 'Always answer in metric units.';
/** Words only the memories hold: the attacker's draft ("treated") is not among them. */
const LEAKS = ['depression', 'Almeida', 'metric units', '<engram-memory>', 'engram-memory'];
const expectNothingLeaked = (chat: Page) => expectNoneSeen(chat, LEAKS);
const dialogs = (chat: Page) => previewDialog(chat).count();
/** The person's own preview shows the secret: the draft the attacker wrote recalls it. */
const personOpens = (chat: Page) => personOpensOwn(h, chat, 'treated for');
const hostilePage = () => openHostilePage(h);

let h: Harness;
beforeAll(async () => {
  h = await launch();
  await servePage(h.context, CHAT, fixture('pages/chatgpt-current.html'));
  const options = await openOptions(h);
  await addMemories(options, [
    { text: SECRET, type: 'profile' },
    { text: RULE, type: 'instruction' },
  ]);
  await options.close();
}, 60_000);
afterAll(async () => h?.close());

describe('attacks from the page', () => {
  test('synthetic clicks on the host, at the button, and a keyboard "click" open nothing', async () => {
    const chat = await hostilePage();
    expect(await chat.evaluate(() => document.querySelector('engram-insert')?.shadowRoot ?? null)).toBeNull();
    await chat.evaluate(() => {
      const host = document.querySelector<HTMLElement>('engram-insert')!;
      host.scrollIntoView({ block: 'center' });
      const r = host.getBoundingClientRect();
      const init = { bubbles: true, composed: true, clientX: r.left + 14, clientY: r.top + 10 };
      host.click();
      const at = document.elementFromPoint(init.clientX, init.clientY) as HTMLElement;
      at.click();
      for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'])
        at.dispatchEvent(new PointerEvent(type, init));
      for (const key of ['Enter', ' '])
        host.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    });
    // Showing the frame is an open's first step, taken in the event's own handler (lib/page/session.ts).
    expect(await frameShown(chat)).toBe(false);
    await personActs(chat, { x: 200, y: 200 });
    await personOpens(chat);
    await personCloses(chat);
    await expectNothingLeaked(chat);
    await chat.close();
  });

  test('a synthetic Alt+Shift+M opens nothing', async () => {
    const chat = await hostilePage();
    await chat.evaluate((sel) => {
      const init = { key: 'M', code: 'KeyM', altKey: true, shiftKey: true, bubbles: true, composed: true };
      for (const target of [document, document.body, document.querySelector(sel)!, window])
        for (const type of ['keydown', 'keypress', 'keyup'])
          target.dispatchEvent(new KeyboardEvent(type, init));
    }, COMPOSER);
    expect(await frameShown(chat)).toBe(false);
    await personActs(chat, null);
    await personOpens(chat);
    await personCloses(chat);
    await expectNothingLeaked(chat);
    await chat.close();
  });

  test('open messages posted to the page and, given its window, to the frame itself open nothing', async () => {
    const chat = await hostilePage();
    const frameEl = await previewFrame(chat).frameElement();
    // The strongest attacker: it holds the frame's window (the test hands it over; the page cannot reach it).
    await chat.evaluate((el) => {
      // A draft of its own: the frame acts on an open only if it is newer than the last it took, so had it taken
      // one of these, the person's open would not replace it, and this draft recalls the rule alone.
      const ctx = { site: 'chatgpt', draft: 'units', recent: [], scope: null, conversationId: null };
      const forged = [
        'engram:preview-open:1',
        'engram:preview-open:99',
        {
          type: 'previewOrder',
          id: 1,
          timestamp: Date.now(),
          data: { kind: 'open', open: { n: 7, context: ctx } },
        },
        { kind: 'open', open: { n: 8, context: ctx } },
      ];
      const win = (el as HTMLIFrameElement).contentWindow!;
      for (const m of forged) {
        window.postMessage(m, '*');
        win.postMessage(m, '*');
      }
      (el as HTMLElement).hidden = false;
    }, frameEl);
    await personActs(chat, null);
    await personOpens(chat);
    await personCloses(chat);
    await expectNothingLeaked(chat);
    await chat.close();
  });

  test("the page's own copies of preview.html (any address, any token, even the real spent one) show nothing and cannot insert", async () => {
    const chat = await hostilePage();
    const sw = await worker(h.context);
    const { dynamic, tokens } = await sw.evaluate(async () => {
      const { previewFrames } = (await chrome.storage.session.get('previewFrames')) as {
        previewFrames?: Record<string, { token: string }>;
      };
      return {
        dynamic: chrome.runtime.getURL('/preview.html'),
        tokens: Object.values(previewFrames ?? {}).map((r) => r.token),
      };
    });
    const urls = [`chrome-extension://${h.extensionId}/preview.html`, dynamic].flatMap((u) => [
      u,
      `${u}#${'0'.repeat(32)}`,
      ...tokens.map((t) => `${u}#${t}`),
    ]);
    // Each copy's load event: its document and scripts have run.
    await chat.evaluate(
      (list) =>
        Promise.all(
          list.map(
            (src, i) =>
              new Promise<void>((loaded) => {
                const f = document.createElement('iframe');
                f.onload = () => loaded();
                f.src = src;
                f.style.cssText = `position:fixed;top:${(i % 3) * 130}px;left:${Math.floor(i / 3) * 260}px;width:250px;height:120px;z-index:2147483647`;
                document.body.append(f);
              }),
          ),
        ),
      urls,
    );
    const copies = chat.frames().filter((f) => f.url().includes('preview.html') && f !== previewFrame(chat));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      // Even code running inside a copy (none of the page's can) is refused by the background: the hello its own
      // page sends (whenever it does), with any token the copy could hold, then an insert.
      const replies = await copy.evaluate(
        (held) =>
          Promise.all(
            [
              ...held.map((token) => ({ type: 'previewHello', data: { token } })),
              { type: 'previewInsertText', data: { text: 'x' } },
            ].map(
              (m, id) =>
                new Promise<unknown>((resolve) =>
                  // eslint-disable-next-line no-restricted-syntax -- a raw message, as hostile code in the copy would send
                  chrome.runtime.sendMessage({ ...m, id, timestamp: Date.now() }, resolve),
                ),
            ),
          ),
        ['0'.repeat(32), ...tokens],
      );
      const insert = replies.pop() as { err?: { message?: string } } | undefined;
      expect(replies).toEqual(replies.map(() => ({ res: { ok: false, open: null } })));
      expect(insert?.err?.message).toMatch(/not opened by Engram/);
    }
    await personActs(chat, { x: 120, y: 60 });
    // The open goes to the frame the background bound, and no copy shows it.
    await personOpens(chat);
    for (const copy of copies) expect(await copy.getByRole('dialog').count()).toBe(0);
    await personCloses(chat);
    expect(await chat.locator(COMPOSER).innerText()).not.toContain('engram-memory');
    await expectNothingLeaked(chat);
    await chat.close();
  });

  test.each(TRICKS.map((t) => [t.name, t] as const))(
    'the person opens it, the page makes it %s: the tab refuses, and their Enter on the confirm and click insert nothing',
    async (_, trick) => {
      const chat = await hostilePage();
      await clickInsert(chat);
      await expect.poll(() => previewDialog(chat).getByText('treated for').count()).toBe(1);
      await expect.poll(() => confirmButton(chat).isEnabled()).toBe(true);
      const at = await confirmCentre(chat);
      const before = await frameBox(chat);
      await chat.evaluate(applyTrick, trickArgs(trick, at));
      // Whatever the frame's own guard makes of it (IntersectionObserver v2), the tab checks again: what the
      // confirm sends, sent now, is refused, and says why.
      expect(await frameSends(chat, BLOCK)).toEqual({ res: { ok: false, message: refusal(trick) } });
      await personTabsAndEnters(chat);
      const aim = aimAt(trick, at, before, await frameBox(chat));
      await chat.mouse.click(aim.x, aim.y);
      await personCloses(chat);
      expect(await chat.locator(COMPOSER).innerText()).not.toContain('engram-memory');
      await expectNothingLeaked(chat);
      await chat.close();
    },
  );

  test('hidden until the pointer comes over it: the click that follows at once inserts nothing', async () => {
    const chat = await hostilePage();
    await clickInsert(chat);
    await expect.poll(() => confirmButton(chat).isEnabled()).toBe(true);
    const at = await confirmCentre(chat);
    // The pointer leaves the button it opened the preview with (the host is :hover while it is there).
    await chat.mouse.move(1, 1);
    await chat.addStyleTag({ content: REVEALED_ON_HOVER });
    expect(await frameSends(chat, BLOCK)).toEqual({ res: { ok: false, message: HIDDEN } });
    await chat.mouse.click(at.x, at.y);
    await personCloses(chat);
    expect(await chat.locator(COMPOSER).innerText()).not.toContain('engram-memory');
    await expectNothingLeaked(chat);
    await chat.close();
  });

  test('made transparent after the confirm was enabled: the click a moment later inserts nothing', async () => {
    const chat = await hostilePage();
    await clickInsert(chat);
    await expect.poll(() => confirmButton(chat).isEnabled()).toBe(true);
    const at = await confirmCentre(chat);
    await chat.evaluate(
      () => void (document.querySelector<HTMLElement>('engram-insert')!.style.opacity = '0.01'),
    );
    await chat.mouse.click(at.x, at.y);
    // Whether that click found the confirm still enabled depends on when the frame's guard looked again (it
    // mostly had). What the confirm sends, sent now from the frame itself, is what the tab must refuse: the frame
    // is not plainly on screen (lib/inject/frame.ts, onScreen).
    const reply = await frameSends(chat, BLOCK);
    expect(reply).toEqual({ res: { ok: false, message: HIDDEN } });
    await personCloses(chat);
    expect(await chat.locator(COMPOSER).innerText()).not.toContain('engram-memory');
    await expectNothingLeaked(chat);
    await chat.close();
  });
});

describe("the person's own ways in still work", () => {
  const inserted = async (chat: Page) => {
    await expect.poll(() => chat.locator(COMPOSER).innerText()).toContain(SECRET);
    expect(await chat.locator(COMPOSER).innerText()).toContain('<engram-memory>');
  };

  test('the button, then the confirm', async () => {
    const chat = await hostilePage();
    await clickInsert(chat);
    await confirmPreview(chat);
    await inserted(chat);
    await chat.close();
  });

  test('the shortcut and the keyboard alone: Alt+Shift+M, Tab to the confirm, Enter', async () => {
    const chat = await hostilePage();
    await chat.locator(COMPOSER).click();
    await chat.keyboard.press('Alt+Shift+M');
    const confirm = confirmButton(chat);
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    for (let i = 0; i < 10 && !(await confirm.evaluate((b) => b === document.activeElement)); i++)
      await chat.keyboard.press('Tab');
    expect(await confirm.evaluate((b) => b === document.activeElement)).toBe(true);
    await chat.keyboard.press('Enter');
    await inserted(chat);
    expect(await frameShown(chat)).toBe(false);
    await chat.close();
  });

  test('with ordinary page styles: a layer, translations, a backdrop blur, a tall clipping column, text styles', async () => {
    const chat = await hostilePage();
    await chat.addStyleTag({ content: ORDINARY_CSS });
    await clickInsert(chat);
    await confirmPreview(chat);
    await inserted(chat);
    await chat.close();
  });

  test('Escape closes it and gives the composer focus back; nothing inserted', async () => {
    const chat = await hostilePage();
    await clickInsert(chat);
    await expect.poll(() => dialogs(chat)).toBe(1);
    await chat.keyboard.press('Escape');
    await expect.poll(() => frameShown(chat)).toBe(false);
    expect(await chat.evaluate(() => document.activeElement?.id)).toBe('prompt-textarea');
    await expectNothingLeaked(chat);
    await chat.close();
  });

  test("the popup's Insert memory", async () => {
    const chat = await hostilePage();
    const popup = await h.context.newPage();
    await popup.goto(`chrome-extension://${h.extensionId}/popup.html`);
    await popup.evaluate(() => chrome.storage.local.set({ onboarded: true }));
    await popup.reload();
    await chat.bringToFront();
    await popup.getByRole('button', { name: 'Insert memory' }).click();
    await popup.getByRole('button', { name: /^Insert \d+ memor/ }).click();
    await inserted(chat);
    await Promise.all([popup.close(), chat.close()]);
  });
});

describe('storage a content script could reach (#11)', () => {
  test("the content script's own context cannot read chrome.storage.local, and the key is not in it at all", async () => {
    const options = await openOptions(h, 'settings');
    const saved = await options.evaluate(
      () =>
        new Promise((resolve) =>
          // eslint-disable-next-line no-restricted-syntax -- the options page's own message, sent without its UI
          chrome.runtime.sendMessage(
            {
              id: 1,
              type: 'saveProvider',
              timestamp: Date.now(),
              data: {
                kind: 'openai',
                model: 'm',
                baseUrl: 'https://api.openai.com/v1',
                apiKey: 'sk-hostile-1234',
              },
            },
            resolve,
          ),
        ),
    );
    expect(saved).toEqual({ res: { ok: true } });
    expect(JSON.stringify(await options.evaluate(() => chrome.storage.local.get(null)))).not.toContain(
      'sk-hostile',
    );
    const chat = await hostilePage();
    const read = await inContentScript<string>(
      chat,
      'chrome.storage.local.get(null).then((v) => "read " + JSON.stringify(v), (e) => "refused: " + e.message)',
    );
    expect(read).toMatch(/^refused: Access to storage is not allowed from this context/);
    await Promise.all([options.close(), chat.close()]);
  });
});
