// The page hides the preview with CSS, in Firefox (#25 item 8). Firefox has no IntersectionObserver v2: the
// frame's own guard only knows that its confirm is inside the viewport, so the confirm is enabled whatever the
// page's styles do to it, and the content script's check (lib/inject/frame.ts) is all that stands between the
// person's click and the composer. After each trick (test/e2e/hiding.ts), what the confirm sends is sent from
// the frame and must be refused, then the person's real Enter on the confirm (tabbed to, where it can be) and a real
// click where the confirm is drawn must insert nothing, and no memory text may reach anything the page can read.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fixture } from '../e2e/harness';
import {
  aimAt,
  applyTrick,
  ORDINARY_CSS,
  REVEALED_ON_HOVER,
  trickArgs,
  TRICKS,
  type Trick,
} from '../e2e/hiding';
import { readableBeside, readableByPage, recordMessages } from '../e2e/page-reads';
import { launchFirefox, type Firefox } from './harness';
import {
  addMemory,
  confirmCentre,
  confirmReady,
  frameBox,
  frameSends,
  openPreview,
  personCloses,
  personTabsAndEnters,
} from './preview';

const SECRET = 'I am being treated for depression by Dr Almeida.';
const RULE = 'Always answer in metric units.';
const LEAKS = ['depression', 'Almeida', 'metric units', '<engram-memory>', 'engram-memory'];
const COMPOSER = '#prompt-textarea';
const BLOCK = '<engram-memory>\nAlways answer in metric units.\n</engram-memory>';
const HIDDEN = "The page is hiding Engram's preview; Insert is off.";
const refusal = (t: Trick) =>
  t.name === 'moved off screen' ? 'The preview is not fully on screen, so nothing was inserted.' : HIDDEN;

let ff: Firefox;
let chats = 0;

beforeAll(async () => {
  ff = await launchFirefox();
  const options = await ff.openExtensionPage('options.html#memories');
  await options.evaluate(() => chrome.storage.local.set({ onboarded: true }));
  for (const text of [SECRET, RULE]) await addMemory(options, text);
  await options.close();
});
afterAll(async () => ff?.close());

/** A chat page of its own, with the attacker's recorder, and a draft the attacker wrote that recalls the secret. */
async function hostileChat(): Promise<Page> {
  const url = `https://chatgpt.com/c/6f0d2c1e-9999-4a2b-9c3d-${String(++chats).padStart(12, '0')}`;
  ff.servePage(url, fixture('pages/chatgpt-current.html'));
  const chat = await ff.browser.newPage();
  await chat.evaluateOnNewDocument(recordMessages);
  await chat.goto(url);
  await chat.waitForSelector('engram-insert');
  await chat.evaluate((sel) => {
    document.querySelector(sel)!.textContent = 'treated';
    // At the bottom of the viewport, as a composer is: the preview opens above it, in full view.
    document.querySelector('engram-insert')!.scrollIntoView({ block: 'end' });
  }, COMPOSER);
  return chat;
}

async function expectNothingInserted(chat: Page): Promise<void> {
  const { text } = await chat.evaluate(readableByPage);
  const seen = [text, ...(await chat.evaluate(readableBeside, COMPOSER))].join('\n');
  for (const word of LEAKS) expect(seen, `the page can read "${word}"`).not.toContain(word);
}

describe('the page hides the open preview with CSS', () => {
  test.each(TRICKS.map((t) => [t.name, t] as const))(
    'made %s: the tab refuses, and the Enter on the confirm and the click insert nothing',
    async (_, trick) => {
      const chat = await hostileChat();
      const frame = await openPreview(chat);
      await confirmReady(frame, 'treated for');
      const at = await confirmCentre(frame);
      const before = await frameBox(frame);
      await chat.evaluate(applyTrick, trickArgs(trick, at));
      expect(await frameSends(frame, BLOCK)).toEqual({ res: { ok: false, message: refusal(trick) } });
      await personTabsAndEnters(chat, frame);
      const aim = aimAt(trick, at, before, await frameBox(frame));
      await chat.mouse.click(aim.x, aim.y);
      await personCloses(chat, frame);
      await expectNothingInserted(chat);
      await chat.close();
    },
  );

  test('hidden until the pointer comes over it: the click that follows at once inserts nothing', async () => {
    const chat = await hostileChat();
    const frame = await openPreview(chat);
    await confirmReady(frame, 'treated for');
    const at = await confirmCentre(frame);
    // The pointer leaves the button it opened the preview with (the host is :hover while it is there).
    await chat.mouse.move(1, 1);
    await chat.addStyleTag({ content: REVEALED_ON_HOVER });
    expect(await frameSends(frame, BLOCK)).toEqual({ res: { ok: false, message: HIDDEN } });
    await chat.mouse.click(at.x, at.y);
    await personCloses(chat, frame);
    await expectNothingInserted(chat);
    await chat.close();
  });
});

describe("the person's own way in", () => {
  test('with ordinary page styles, the confirm inserts', async () => {
    const chat = await hostileChat();
    await chat.addStyleTag({ content: ORDINARY_CSS });
    const frame = await openPreview(chat);
    await confirmReady(frame, 'treated for');
    const at = await confirmCentre(frame);
    await chat.mouse.click(at.x, at.y);
    await chat.waitForFunction(
      (sel, text) => document.querySelector(sel)?.textContent?.includes(text),
      { timeout: 15_000 },
      COMPOSER,
      SECRET,
    );
    await chat.close();
  });
});
