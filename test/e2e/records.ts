// What Engram records that a test can wait on instead of sleeping (#26): the capture status the background
// stores for a tab after each read its content script reports (lib/store/status.ts), and its registry of
// preview frames with the opens each tab asked for (lib/background/preview/preview-frames.ts). Both are in
// storage.session, which extension pages and the service worker can read and content scripts cannot.
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import type { CaptureStatus } from '../../lib/model/messages';
import type { Site } from '../../lib/model/site';
import { siteForHost, siteInfo } from '../../lib/sites/registry';
import { servePage } from './harness';
import { lechat, perplexity } from './more-sites';
import { claude, serveSite, type FakeSite } from './sites';

/** An extension context: an extension page, or the service worker (`worker()`). */
export type Reader = Pick<Worker, 'evaluate'>;

export async function worker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker');
}

/** The id of the newest tab showing `url` (tab ids only grow), or -1 when none does. */
export async function tabIdOf(at: Reader, url: string): Promise<number> {
  const ids = await at.evaluate(
    async (u) => (await chrome.tabs.query({ url: u })).map((t) => t.id ?? -1),
    url,
  );
  return Math.max(-1, ...ids);
}

/** The status the background stored after the tab's last capture report, or null before the first. */
export async function captureStatus(at: Reader, tabId: number): Promise<CaptureStatus | null> {
  return at.evaluate(async (id) => {
    const { captureStatus } = (await chrome.storage.session.get('captureStatus')) as {
      captureStatus?: Record<string, CaptureStatus>;
    };
    return captureStatus?.[String(id)] ?? null;
  }, tabId);
}

/**
 * Waits for a status the background stored for a read it handled at or after `since` (ms since the epoch, this
 * machine's clock, which the browser shares) that satisfies `ok`, and returns it. It is stored after the
 * capture is (lib/background/capture/receive-capture.ts), so what that read brought is in the store by then.
 */
export async function captured(
  at: Reader,
  tabId: number,
  { since = 0, ok = () => true }: { since?: number; ok?: (s: CaptureStatus) => boolean } = {},
): Promise<CaptureStatus> {
  const seen: { status?: CaptureStatus | null } = {};
  await expect
    .poll(
      async () => {
        const status = (seen.status = await captureStatus(at, tabId));
        return !!status && Date.parse(status.checkedAt) >= since && ok(status);
      },
      { message: `a capture of tab ${tabId} stored since ${new Date(since).toISOString()}` },
    )
    .toBe(true);
  return seen.status!;
}

const FAKES: Partial<Record<Site, FakeSite>> = { claude, perplexity, lechat };
const served = new WeakMap<BrowserContext, Set<Site>>();

/**
 * Serves `html` at `url`, opens it, waits until the background stored what its content script read, closes it.
 * On a site where only the JSON can vouch for a chat (#34), the fake site's JSON confirms it first (and then fails,
 * so the page is what is read, as before).
 */
export async function captureChat(
  context: BrowserContext,
  url: string,
  html: string,
): Promise<CaptureStatus> {
  const info = siteInfo(siteForHost(new URL(url).hostname) ?? 'chatgpt');
  const fake = FAKES[info.site];
  let page: Page;
  if (info.pageNeedsJson && fake) {
    const sites = served.get(context) ?? new Set<Site>();
    served.set(context, sites);
    if (!sites.has(fake.site)) await serveSite(context, fake);
    sites.add(fake.site);
    page = await openWhereJsonFails(context, fake, info.conversationId(new URL(url)) ?? '', '404', html, url);
  } else {
    await servePage(context, url, html);
    page = await context.newPage();
    await page.goto(url);
  }
  const at = await worker(context);
  const status = await captured(at, await tabIdOf(at, url), { ok: (s) => s.turnsStored > 0 });
  await page.close();
  return status;
}

/** The background's record of the tab's preview frame: whether its frame said hello, and how many opens. */
export async function previewRecord(
  at: Reader,
  tabId: number,
): Promise<{ bound: boolean; opens: number } | null> {
  return at.evaluate(async (id) => {
    const { previewFrames } = (await chrome.storage.session.get('previewFrames')) as {
      previewFrames?: Record<string, { frameId: number | null; opens: number } | undefined>;
    };
    const record = previewFrames?.[String(id)];
    return record ? { bound: record.frameId !== null, opens: record.opens } : null;
  }, tabId);
}

/**
 * Evaluates `expression` in the chat page's content script (its "Engram" isolated world), which only the
 * extension and the browser can reach: the page's own scripts run in another world.
 */
export async function inContentScript<T>(chat: Page, expression: string): Promise<T> {
  const cdp = await chat.context().newCDPSession(chat);
  try {
    const worlds: { id: number; name: string; auxData?: { type?: string } }[] = [];
    cdp.on('Runtime.executionContextCreated', (e: { context: (typeof worlds)[number] }) =>
      worlds.push(e.context),
    );
    await cdp.send('Runtime.enable');
    const engram = worlds.find((w) => w.auxData?.type === 'isolated' && w.name === 'Engram');
    if (!engram) throw new Error('no Engram content script in this page');
    const { result } = (await cdp.send('Runtime.evaluate', {
      contextId: engram.id,
      awaitPromise: true,
      returnByValue: true,
      expression,
    })) as { result: { value: T } };
    return result.value;
  } finally {
    await cdp.detach();
  }
}

/**
 * Opens `url` with its site's JSON failing (`mode`), as a person meets a site change. Where only the JSON can vouch
 * that a chat is not private and the person's own (SiteInfo.pageNeedsJson, lib/sites/privacy.ts, #34), the page
 * alone is never read: the JSON first answers (with no turns yet), which confirms the chat, and fails on a reload.
 */
export async function openWhereJsonFails(
  context: BrowserContext,
  site: FakeSite,
  id: string,
  mode: 'abort' | '404',
  html: string,
  url = site.url(id),
): Promise<Page> {
  await servePage(context, url, html);
  const page = await context.newPage();
  if (!siteInfo(site.site).pageNeedsJson) {
    site.conversations.set(id, { mode, turns: [] });
    await page.goto(url);
    return page;
  }
  site.conversations.set(id, { mode: 'ok', turns: [] });
  await page.goto(url);
  const at = await worker(context);
  await captured(at, await tabIdOf(at, url), { ok: (s) => s.strategy === 'api' });
  site.conversations.set(id, { mode, turns: [] });
  await page.reload();
  return page;
}

/** One message to the background in @webext-core/messaging's wire format, from an extension page. */
export async function askBackground<T>(page: Page, type: string, data: unknown): Promise<T | undefined> {
  return page.evaluate(
    ({ type, data }) =>
      new Promise<T | undefined>((ok) =>
        // eslint-disable-next-line no-restricted-syntax
        chrome.runtime.sendMessage({ id: Date.now(), type, data, timestamp: Date.now() }, (r) =>
          ok(chrome.runtime.lastError ? undefined : (r as { res?: T } | undefined)?.res),
        ),
      ),
    { type, data },
  );
}
