// What bench:past and bench:recall do to a built extension in Chromium through its own UI and messages: ask the
// background as an extension page does, import a generated ChatGPT history through Options → Data, and wait
// until a turn of it is recalled (fully indexed).
import type { Page } from 'playwright-core';
import type { Harness } from '../../test/e2e/harness';

export class TimedOut extends Error {}
export const timedOut = (ms: number) => `timed out after ${Math.round(ms / 1000)} s`;

/** Sends one message the way @webext-core/messaging does, from an extension page; undefined if none answers. */
export async function ask<T>(page: Page, type: string, data: unknown): Promise<T | undefined> {
  return page.evaluate(
    ({ type, data }) =>
      new Promise<T | undefined>((ok, fail) =>
        // The bench is outside the extension's bundle, so it speaks @webext-core/messaging's wire format itself.
        // eslint-disable-next-line no-restricted-syntax
        chrome.runtime.sendMessage({ id: Date.now(), type, data, timestamp: Date.now() }, (r) => {
          const err = chrome.runtime.lastError?.message ?? (r as { err?: { message: string } })?.err?.message;
          if (err) fail(new Error(err));
          else ok((r as { res?: T } | undefined)?.res);
        }),
      ),
    { type, data },
  );
}

interface Reply {
  lines: { section: string; text: string }[];
}
const request = (draft: string) => ({
  ...{ site: 'chatgpt', draft, recent: [], scope: null, conversationId: null, budgetTokens: null },
  exclude: [],
});

/** Polls recall until a past-chat line holds `word`; ms from `since`. */
export async function untilRecalled(
  page: Page,
  draft: string,
  word: string,
  since: number,
  capS: number,
): Promise<number> {
  for (;;) {
    const reply = await ask<Reply>(page, 'recallPreview', request(draft)).catch(() => undefined);
    if (reply?.lines.some((l) => l.section === 'past' && l.text.includes(word))) return Date.now() - since;
    if (Date.now() - since > capS * 1000) throw new TimedOut(timedOut(Date.now() - since));
    await page.waitForTimeout(50);
  }
}

/** Imports an export file through Options → Data; resolves when the import's report is shown. */
export async function importFile(h: Harness, options: Page, file: string, capS: number): Promise<number> {
  await options.goto(`chrome-extension://${h.extensionId}/options.html#data`);
  const started = Date.now();
  await options.getByLabel('Import').setInputFiles(file);
  await options
    .getByRole('status')
    .filter({ hasText: /^Imported/ })
    .waitFor({ timeout: capS * 1000 })
    .catch(() => {
      throw new TimedOut(timedOut(Date.now() - started));
    });
  return started;
}
