// The in-page preview is an extension frame inside the button's shadow root (lib/inject/frame.ts); Playwright's
// CSS pierces the shadow root. The frame waits hidden until opened, so "closed" means hidden.
import { expect } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';

export const FRAME = 'engram-insert iframe';
export const previewFrame = (chat: Page): FrameLocator => chat.frameLocator(FRAME);
export const previewDialog = (chat: Page) =>
  previewFrame(chat).getByRole('dialog', { name: 'Memory to insert' });

export async function confirmPreview(chat: Page): Promise<void> {
  const confirm = previewDialog(chat).getByRole('button', { name: /^Insert \d+ memor/ });
  await expect.poll(() => confirm.isEnabled()).toBe(true);
  await confirm.click();
  await expect.poll(() => chat.locator(FRAME).isVisible()).toBe(false);
}
