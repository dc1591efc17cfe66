// What the capture suites of the sites share (#24, #36): open a site's page, wait for what the background stored
// of a conversation, read the popup's word on a tab, wait for a tab's read. No sleeps: each waits on a record.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { EngramExport } from '../../lib/model/export';
import type { CaptureStatus } from '../../lib/model/messages';
import { exportUntil } from './export';
import { servePage, skipFirstRun, type Harness } from './harness';
import { captured, tabIdOf, worker } from './records';

export type Stored = EngramExport['conversations'][number];

export function siteCapture(harness: () => Harness, options: () => Page) {
  const h = () => harness();
  return {
    /** Serves `html` at `url` and opens it in a new tab. */
    async open(url: string, html: string): Promise<Page> {
      await servePage(h().context, url, html);
      const page = await h().context.newPage();
      await page.goto(url);
      return page;
    },

    /** The conversation `id` once the store holds a version of it that `ready` accepts. */
    async storedWhen(id: string, ready: (c: Stored) => boolean): Promise<Stored> {
      const find = (d: EngramExport) => d.conversations.find((c) => c.id === id);
      const { data } = await exportUntil(options(), (d) => {
        const c = find(d);
        return !!c && ready(c);
      });
      return find(data)!;
    },

    /** The popup's capture line for the tab at `url`, once it says more than "Open a … conversation". */
    async popupSays(url: string, details = false): Promise<string> {
      await skipFirstRun(h());
      const popup = await h().context.newPage();
      await popup.goto(
        `chrome-extension://${h().extensionId}/popup.html?tab=${await tabIdOf(await worker(h().context), url)}`,
      );
      const status = popup.getByRole('status');
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).not.toMatch(/^Open a/);
      let text = (await status.textContent()) ?? '';
      if (details) text += ` | ${(await popup.locator('details p').textContent()) ?? ''}`;
      await popup.close();
      return text;
    },

    /** Waits until the background stored a read of the tab at `url` that `ok` accepts. */
    async read(url: string, ok: (s: CaptureStatus) => boolean): Promise<CaptureStatus> {
      const at = await worker(h().context);
      return captured(at, await tabIdOf(at, url), { ok });
    },
  };
}
