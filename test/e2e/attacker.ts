// The chat page as an attacker holds it (#11), and what the person does after each attack, for hostile.e2e.ts:
// the page records every message it is posted; `pageSees` is everything its own scripts can read.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Harness } from './harness';
import { sendInsertText } from './hiding';
import { readableBeside, readableByPage, recordMessages } from './page-reads';
import { clickInsert, confirmButton, frameShown, HOST, previewDialog, previewFrame } from './preview';
import { previewRecord, tabIdOf, worker } from './records';

export const CHAT = 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-0000000000e1';
export const COMPOSER = '#prompt-textarea';

/** The background's record of the chat's preview frame (lib/background/preview/preview-frames.ts). */
async function frameRecord(h: Harness) {
  const sw = await worker(h.context);
  return previewRecord(sw, await tabIdOf(sw, CHAT));
}

/** A chat page with the attacker's recorder installed before anything else runs. */
export async function openHostilePage(h: Harness, draft = 'treated'): Promise<Page> {
  const chat = await h.context.newPage();
  await chat.addInitScript(recordMessages);
  await chat.goto(CHAT);
  await chat.locator(HOST).waitFor();
  // The attacker chooses what is recalled: it writes the draft itself.
  await chat.evaluate(({ sel, draft }) => void (document.querySelector(sel)!.textContent = draft), {
    sel: COMPOSER,
    draft,
  });
  // Let the frame boot and say hello (the background binds it to this tab), as it would long before anyone clicks.
  await expect.poll(() => previewFrame(chat).url()).toMatch(/preview\.html$/);
  await expect.poll(async () => (await frameRecord(h))?.bound).toBe(true);
  return chat;
}

/**
 * From the page's main world: every text and attribute a page script can reach (its DOM, open shadow roots,
 * frame documents it may open), and for each frame whether its document was reachable.
 */
export const pageCanRead = (chat: Page) => chat.evaluate(readableByPage);

/** Everything the page's own scripts can read, the composer's text and the messages it was posted included. */
export async function pageSees(chat: Page): Promise<string> {
  const { text } = await pageCanRead(chat);
  const rest = await chat.evaluate(readableBeside, COMPOSER);
  return [text, ...rest].join('\n');
}

export async function expectNoneSeen(chat: Page, words: readonly string[]): Promise<void> {
  const seen = await pageSees(chat);
  for (const word of words) expect(seen, `the page can read "${word}"`).not.toContain(word);
}

/** The person's next real Enter, and a real click where the confirm is (or would be). */
export async function personActs(chat: Page, at: { x: number; y: number } | null): Promise<void> {
  await chat.keyboard.press('Enter');
  if (at) await chat.mouse.click(at.x, at.y);
}

/**
 * The person's keyboard way to the confirm: Tab until it has focus (a disabled or hidden one never does), then
 * Enter.
 */
export async function personTabsAndEnters(chat: Page): Promise<void> {
  const confirm = confirmButton(chat);
  const focused = () => confirm.evaluate((b) => b === document.activeElement).catch(() => false);
  for (let i = 0; i < 12 && !(await focused()); i++) await chat.keyboard.press('Tab');
  await chat.keyboard.press('Enter');
}

/**
 * After an attack on a closed preview: the person's own Insert memory, through the path any open takes (content
 * script → background → frame), and the preview it must show (`recalled`: what the draft on the page recalls).
 * An open the attack caused would have been asked for, and counted, before this one: the background must have
 * counted one open, the person's, and the frame must show it.
 */
export async function personOpensOwn(h: Harness, chat: Page, recalled: string): Promise<void> {
  await clickInsert(chat);
  await expect
    .poll(() => previewDialog(chat).getByText(recalled).count(), { message: "the person's own preview" })
    .toBe(1);
  expect((await frameRecord(h))?.opens, 'opens the background was asked for').toBe(1);
}

/**
 * After an attack on an open preview: the person's Escape. From the frame it goes the way its confirm's insert
 * goes (frame → background → tab) and after it, so once the tab has hidden the frame, an insert the person's
 * Enter or click had set off would be in the composer.
 */
export async function personCloses(chat: Page): Promise<void> {
  await chat.keyboard.press('Escape');
  await expect.poll(() => frameShown(chat)).toBe(false);
}

export async function confirmCentre(chat: Page): Promise<{ x: number; y: number }> {
  const box = await confirmButton(chat).boundingBox();
  if (!box) throw new Error('no confirm on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * What the frame's confirm sends (frame → background → tab), sent now from the frame itself, without the
 * frame's own guard: the tab's reply, which must refuse while the page hides the frame (lib/inject/frame.ts).
 */
export function frameSends(chat: Page, text: string): Promise<unknown> {
  return previewFrame(chat).evaluate(sendInsertText, text);
}

/** The preview frame's box in the page (its element sits in a closed shadow root the page cannot reach). */
export async function frameBox(chat: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  const el = await previewFrame(chat).frameElement();
  try {
    return await el.evaluate((e) => (e as Element).getBoundingClientRect().toJSON() as DOMRect);
  } finally {
    await el.dispose();
  }
}
