// The in-page preview is an extension frame inside the button's *closed* shadow root (#11), which Playwright's
// selectors do not pierce (nor can any page script). So these helpers do what the person does: click the
// button where it is drawn, with real (trusted) input, and reach the frame as a frame of the page.
import { expect } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { LOOK_MARK } from '../../components/preview/looks';

export const HOST = 'engram-insert';

const isPreview = (url: string) =>
  url.startsWith('chrome-extension://') && url.split(/[?#]/)[0]!.endsWith('/preview.html');

/** Engram's preview frame: the page's child frame on preview.html (or not loaded yet: the only child frame). */
export function previewFrame(chat: Page): Frame {
  const children = chat.mainFrame().childFrames();
  const frame = children.find((f) => isPreview(f.url())) ?? (children.length === 1 ? children[0] : undefined);
  if (!frame) throw new Error(`no preview frame among ${children.map((f) => f.url()).join(', ') || 'none'}`);
  return frame;
}

export const previewDialog = (chat: Page) =>
  previewFrame(chat).getByRole('dialog', { name: 'Memory to insert' });

/** Whether the frame is shown on the page (its element is not hidden). */
export async function frameShown(chat: Page): Promise<boolean> {
  const el = await previewFrame(chat).frameElement();
  try {
    return await el.isVisible();
  } finally {
    await el.dispose();
  }
}

/** A real click on "Insert memory": the button is the left part of its host element. */
export async function clickInsert(chat: Page): Promise<void> {
  await chat.locator(HOST).click({ position: { x: 14, y: 10 } });
}

/** The button's accessible name, from the browser's accessibility tree (it reaches closed shadow roots). */
export async function insertButtonName(chat: Page): Promise<string | null> {
  const cdp = await chat.context().newCDPSession(chat);
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value?: string }; name?: { value?: string } }[];
    };
    const button = nodes.find(
      (n) => n.role?.value === 'button' && n.name?.value?.startsWith('Insert memory'),
    );
    return button?.name?.value ?? null;
  } finally {
    await cdp.detach();
  }
}

export function confirmButton(chat: Page) {
  return previewDialog(chat).getByRole('button', { name: /^Insert \d+ memor/ });
}

export async function confirmPreview(chat: Page): Promise<void> {
  const confirm = confirmButton(chat);
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await expect.poll(() => frameShown(chat)).toBe(false);
}

/**
 * What the frame's visibility guard saw at its latest look (components/preview/looks.ts): true while it counts
 * down to enabling the confirm, false once it stopped; null before its first look.
 */
export function lastLook(chat: Page): Promise<boolean | null> {
  return previewFrame(chat).evaluate(
    (name) =>
      ((performance.getEntriesByName(name).at(-1) as PerformanceMark | undefined)?.detail as boolean) ?? null,
    LOOK_MARK,
  );
}

/** Clicks Insert memory and waits until the preview has chosen; returns the lines it lists and ms from the click. */
export async function readPreview(chat: Page): Promise<{ lines: string[]; ms: number }> {
  const started = Date.now();
  await clickInsert(chat);
  const dialog = previewDialog(chat);
  await dialog
    .getByText(/tokens ·|Nothing to insert yet/)
    .first()
    .waitFor();
  const ms = Date.now() - started;
  return { lines: await dialog.getByRole('listitem').allInnerTexts(), ms };
}

/** Opens the chat at `url` in a new tab, types `draft` into its composer and reads the preview. */
export async function previewDraft(
  context: BrowserContext,
  url: string,
  draft: string,
  composer = '#prompt-textarea',
): Promise<{ chat: Page; lines: string[]; ms: number }> {
  const chat = await context.newPage();
  await chat.goto(url);
  await chat.locator(composer).click();
  await chat.keyboard.type(draft);
  return { chat, ...(await readPreview(chat)) };
}
