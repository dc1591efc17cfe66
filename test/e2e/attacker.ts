// The chat page as an attacker holds it (#11), and what the person does after each attack, for hostile.e2e.ts:
// the page records every message it is posted; `pageSees` is everything its own scripts can read.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Harness } from './harness';
import { clickInsert, confirmButton, frameShown, HOST, previewDialog, previewFrame } from './preview';
import { previewRecord, tabIdOf, worker } from './records';

export const CHAT = 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-0000000000e1';
export const COMPOSER = '#prompt-textarea';

/** The background's record of the chat's preview frame (lib/background/preview-frames.ts). */
async function frameRecord(h: Harness) {
  const sw = await worker(h.context);
  return previewRecord(sw, await tabIdOf(sw, CHAT));
}

/** A chat page with the attacker's recorder installed before anything else runs. */
export async function openHostilePage(h: Harness, draft = 'treated'): Promise<Page> {
  const chat = await h.context.newPage();
  await chat.addInitScript(() => {
    const w = window as unknown as { seen: string[] };
    w.seen = [];
    addEventListener(
      'message',
      (e) => w.seen.push(typeof e.data === 'string' ? e.data : JSON.stringify(e.data)),
      true,
    );
  });
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
export const pageCanRead = (chat: Page) =>
  chat.evaluate(() => {
    const texts: string[] = [];
    const frames: { contentDocument: boolean; windowDocument: string }[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        texts.push(el.textContent ?? '', ...[...el.attributes].map((a) => a.value));
        if (el.shadowRoot) walk(el.shadowRoot);
        if (el instanceof HTMLIFrameElement) {
          let windowDocument = 'readable';
          try {
            void el.contentWindow?.document.body;
          } catch (e) {
            windowDocument = (e as Error).name;
          }
          frames.push({ contentDocument: el.contentDocument !== null, windowDocument });
          if (el.contentDocument) walk(el.contentDocument);
        }
      }
    };
    walk(document);
    return { text: texts.join('\n'), frames };
  });

/** Everything the page's own scripts can read, the composer's text and the messages it was posted included. */
export async function pageSees(chat: Page): Promise<string> {
  const { text } = await pageCanRead(chat);
  const rest = await chat.evaluate((sel) => {
    const box = document.querySelector<HTMLElement>(sel);
    const seen = (window as unknown as { seen: string[] }).seen;
    return [box?.innerText ?? '', ...seen, document.title, location.href];
  }, COMPOSER);
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
