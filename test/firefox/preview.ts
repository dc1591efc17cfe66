// The insert preview in Firefox, driven as the person drives it (#14, #25): a real click on the in-page button
// (its shadow root is closed, so it is found by its host's box), the preview frame as a frame of the page, and
// its element through WebDriver BiDi (which reaches into closed shadow roots; no page script can).
import type { ElementHandle, Frame, Page } from 'puppeteer-core';
import { sendInsertText, type DOMRectLike, type Point } from '../e2e/hiding';
import { frameAt, ORIGIN, poll } from './harness';

const CONFIRM = /^Insert \d+ memor/;

/** Adds a memory with the Memories section's form, as typed by hand, and waits until it is stored. */
export async function addMemory(options: Page, text: string): Promise<void> {
  await options.evaluate((id) => (location.hash = id), 'memories');
  await options.waitForSelector('form textarea');
  await options.locator('form textarea').fill(text);
  await options.click('form button[type="submit"]');
  await options.waitForFunction(
    () => document.querySelector<HTMLTextAreaElement>('form textarea')?.value === '',
  );
}

/** Opens the insert preview with a real click on the in-page button, and returns its frame. */
export async function openPreview(chat: Page): Promise<Frame> {
  const host = await chat.waitForSelector('engram-insert');
  const box = await host!.boundingBox();
  await chat.mouse.click(box!.x + 12, box!.y + box!.height / 2);
  return poll('the preview frame', () => frameAt(chat, `${ORIGIN}/preview.html`));
}

/** Waits until the frame shows `text` and its confirm is enabled (it has been in view for a moment). */
export async function confirmReady(frame: Frame, text: string): Promise<void> {
  await frame.waitForFunction(
    (t, source) => {
      const re = new RegExp(source);
      const confirm = [...document.querySelectorAll('button')].find((b) => re.test(b.textContent ?? ''));
      return document.body.textContent?.includes(t) && confirm && !confirm.disabled;
    },
    { timeout: 15_000 },
    text,
    CONFIRM.source,
  );
}

async function withFrameElement<T>(frame: Frame, read: (el: ElementHandle) => Promise<T>): Promise<T> {
  const el = await frame.frameElement();
  if (!el) throw new Error('the preview frame has no element');
  try {
    return await read(el);
  } finally {
    await el.dispose();
  }
}

/** The preview frame's box in the page. */
export function frameBox(frame: Frame): Promise<DOMRectLike> {
  return withFrameElement(frame, (el) => el.evaluate((e) => e.getBoundingClientRect().toJSON() as DOMRect));
}

/** Whether the frame is shown on the page (its element is not hidden). */
export function frameShown(frame: Frame): Promise<boolean> {
  return withFrameElement(frame, (el) => el.evaluate((e) => !(e as HTMLElement).hidden));
}

/** The confirm's centre in the page: its place in the frame's document, past the frame's 1 px border. */
export async function confirmCentre(frame: Frame): Promise<Point> {
  const box = await frameBox(frame);
  const local = await frame.evaluate((source) => {
    const re = new RegExp(source);
    const confirm = [...document.querySelectorAll('button')].find((b) => re.test(b.textContent ?? ''));
    const r = confirm!.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, CONFIRM.source);
  return { x: box.x + 1 + local.x, y: box.y + 1 + local.y };
}

/**
 * The person's keyboard way to the confirm: Tab until it has focus (a disabled or hidden one never does), then
 * Enter.
 */
export async function personTabsAndEnters(chat: Page, frame: Frame): Promise<void> {
  const focused = (source: string) =>
    frame.evaluate((s) => new RegExp(s).test(document.activeElement?.textContent ?? ''), source);
  for (let i = 0; i < 12 && !(await focused(CONFIRM.source)); i++) await chat.keyboard.press('Tab');
  await chat.keyboard.press('Enter');
}

/** The frame's status line (what an insert it asked for was answered), or null. */
export function frameStatus(frame: Frame): Promise<string | null> {
  return frame.evaluate(() => document.querySelector('[role="status"]')?.textContent ?? null);
}

/**
 * What the frame's confirm sends (frame → background → tab), sent now from the frame itself without the frame's
 * own guard: the tab's reply.
 */
export function frameSends(frame: Frame, text: string): Promise<unknown> {
  return frame.evaluate(sendInsertText, text);
}

/**
 * The person's Escape. From the frame it goes the way its confirm's insert goes (frame → background → tab) and
 * after it, so once the tab has hidden the frame, an insert the person's Enter or click set off would be in the
 * composer (test/e2e/attacker.ts, personCloses).
 */
export async function personCloses(chat: Page, frame: Frame): Promise<void> {
  await chat.keyboard.press('Escape');
  await poll('the frame hidden', async () => ((await frameShown(frame)) ? null : true));
}
