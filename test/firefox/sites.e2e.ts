// Gemini and Perplexity in a real Firefox (#24): capture (Gemini from the page, Perplexity from its thread JSON and,
// when that fails on a thread it confirmed, from the page), the popup's word on it, and Insert memory typed into each site's editor through
// the browser's input path, as test/e2e/sites-insert.e2e.ts does in Chromium. Hand-made pages only.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EngramExport } from '../../lib/model/export';
import { FIRST_USER, gemini, PAGES, perplexity, sitePage, type NewSite } from '../e2e/more-sites';
import type { FakeSite } from '../e2e/sites';
import { exported, frameAt, launchFirefox, ORIGIN, poll, type Firefox } from './harness';

const MEMORY = 'I keep three beehives on my Lisbon rooftop.';
const ID = {
  gemini: '6cc71b18a6f6cc01',
  perplexity: 'lisbon-bees-AbCdEfGhIjKl',
  pageOnly: 'lisbon-page-AbCdEfGhIjKl',
};

let ff: Firefox;
let options: Page;

beforeAll(async () => {
  ff = await launchFirefox();
  ff.serveSite(perplexity);
  options = await ff.openExtensionPage('options.html#memories');
  await options.evaluate(() => chrome.storage.local.set({ onboarded: true }));
  await options.waitForSelector('form textarea');
  await options.locator('form textarea').fill(MEMORY);
  await options.click('form button[type="submit"]');
  await options.waitForFunction(
    () => document.querySelector<HTMLTextAreaElement>('form textarea')?.value === '',
  );
});
afterAll(async () => ff?.close());

async function openChat(url: string, site: NewSite): Promise<Page> {
  ff.servePage(url, sitePage(site));
  const page = await ff.browser.newPage();
  await page.goto(url);
  return page;
}

/** The popup's capture line for the tab showing `url`, once it says anything about a capture. */
async function popupSays(url: string): Promise<string> {
  const tab = await options.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, url);
  const popup = await ff.openExtensionPage(`popup.html?tab=${tab}`);
  const status = await popup.waitForFunction(
    () => {
      const text = document.querySelector('[role="status"]')?.textContent ?? '';
      return /^Capturing|^Capture isn't/.test(text) ? text : null;
    },
    { timeout: 15_000 },
  );
  const text = String(await status.jsonValue());
  await popup.close();
  return text;
}

test('Gemini is read from the page, and the popup says so', async () => {
  const chat = await openChat(gemini.url(ID.gemini), 'gemini');
  expect(await popupSays(gemini.url(ID.gemini))).toBe(`Capturing this chat · ${PAGES.gemini.turns} turns`);
  await chat.close();
});

test('Perplexity from its thread JSON, and from the page when that fails', async () => {
  perplexity.conversations.set(ID.perplexity, {
    mode: 'ok',
    turns: [
      { id: 'ff-u1', role: 'user', text: 'Where should beehives face?' },
      { id: 'ff-a1', role: 'assistant', text: 'South-east, out of the wind.' },
    ],
  });
  perplexity.conversations.set(ID.pageOnly, { mode: 'ok', turns: [] });
  const api = await openChat(perplexity.url(ID.perplexity), 'perplexity');
  expect(await popupSays(perplexity.url(ID.perplexity))).toBe('Capturing this chat · 2 turns');
  // Only Perplexity's JSON can vouch for a thread (#34): it answers once, with no turns yet, and then fails.
  const page = await openChat(perplexity.url(ID.pageOnly), 'perplexity');
  expect(await popupSays(perplexity.url(ID.pageOnly))).toBe('Capturing this chat · 0 turns');
  perplexity.conversations.set(ID.pageOnly, { mode: '404', turns: [] });
  await page.reload();
  const fromPage = `Capturing this chat · ${PAGES.perplexity.turns} turns`;
  await poll('the page read', async () =>
    (await popupSays(perplexity.url(ID.pageOnly))) === fromPage ? true : null,
  );
  await Promise.all([api.close(), page.close()]);
});

describe.each([gemini, perplexity] as FakeSite<NewSite>[])('$site: Insert memory in Firefox', (site) => {
  test('the block is typed into the editor through its input path, before the draft', async () => {
    const url = site.url(site.site === 'gemini' ? '6cc71b18a6f6cc02' : 'lisbon-insert-AbCdEfGhIj');
    const chat = await openChat(url, site.site);
    const composer = PAGES[site.site].composer;
    await chat.click(composer);
    await chat.keyboard.type('Where should my beehives face?');
    const host = await chat.waitForSelector('engram-insert');
    const box = await host!.boundingBox();
    await chat.mouse.click(box!.x + 12, box!.y + box!.height / 2);
    const frame = await poll('the preview frame', () => frameAt(chat, `${ORIGIN}/preview.html`));
    await frame.waitForFunction(
      (text) => document.body.textContent?.includes(text),
      { timeout: 15_000 },
      MEMORY,
    );
    await frame
      .locator('::-p-xpath(//button[starts-with(normalize-space(.), "Insert ") and contains(., "memor")])')
      .setTimeout(15_000)
      .click();
    const editor = await poll('the editor’s copy of the block', () =>
      chat.evaluate(() => {
        const e = (
          window as unknown as { __editor: { text: string; inputs: { type: string; trusted: boolean }[] } }
        ).__editor;
        return e.text.includes('<engram-memory>') ? e : null;
      }),
    );
    expect(editor.inputs.at(-1)).toEqual({ type: 'insertText', trusted: true });
    expect(editor.text).toContain(MEMORY);
    expect(editor.text.trim().endsWith('Where should my beehives face?')).toBe(true);
    const tags = await chat.$eval(composer, (el) => [...el.querySelectorAll('*')].map((e) => e.tagName));
    expect(tags.filter((t) => !['P', 'DIV', 'BR', 'SPAN'].includes(t))).toEqual([]);
    await chat.close();
  });
});

test('Export all data holds what both sites’ pages and JSON gave', async () => {
  await options.evaluate((id) => (location.hash = id), 'data');
  await options.waitForSelector('::-p-text(Export all data)');
  await options.click('::-p-text(Export all data)');
  const data = EngramExport.parse(await poll('the exported file', () => exported(ff.downloads)));
  const conv = (id: string) => data.conversations.find((c) => c.id === id);
  expect(conv(ID.gemini)?.health?.strategy).toBe('page');
  expect(conv(ID.gemini)?.turns[0]?.text).toBe(FIRST_USER.gemini);
  expect(conv(ID.perplexity)?.health?.strategy).toBe('api');
  expect(conv(ID.perplexity)?.turns.map((t) => t.text)).toEqual([
    'Where should beehives face?',
    'South-east, out of the wind.',
  ]);
  expect(conv(ID.pageOnly)?.turns[0]?.text).toBe(FIRST_USER.perplexity);
  expect(ff.proxied()).toBe(0);
});
