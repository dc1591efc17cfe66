// Gemini and Perplexity (#24), Grok and Kimi (#36) in a real Firefox: capture (Gemini and Kimi from the page,
// Perplexity and Grok from their JSON and, when that fails, from the page: Perplexity only for a thread its JSON
// confirmed, #34), the popup's word on it, a Kimi share page never stored, and Insert memory typed into each site's
// editor through the browser's input path, as test/e2e/sites-insert.e2e.ts does in Chromium. Hand-made pages only.
// Every page here runs two content scripts of Engram's, the site's and the shared one (lib/page/hub.ts): they meet
// in Firefox's content-script world too.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EngramExport } from '../../lib/model/export';
import { FIRST_USER, gemini, PAGES, perplexity, sitePage, type NewSite } from '../e2e/more-sites';
import { grok, kimi } from '../e2e/round-two';
import type { FakeSite } from '../e2e/sites';
import { exported, frameAt, launchFirefox, ORIGIN, poll, type Firefox } from './harness';

const MEMORY = 'I keep three beehives on my Lisbon rooftop.';
const ID = {
  gemini: '6cc71b18a6f6cc01',
  perplexity: 'lisbon-bees-AbCdEfGhIjKl',
  pageOnly: 'lisbon-page-AbCdEfGhIjKl',
  grok: '6f0d2c1e-8888-4a2b-9c3d-00000000ff01',
  kimi: '6f0d2c1e-8888-4a2b-9c3d-00000000ff02',
};

let ff: Firefox;
let options: Page;

beforeAll(async () => {
  ff = await launchFirefox();
  ff.serveSite(perplexity);
  ff.serveSite(grok);
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

/** The popup's capture line for the tab showing `url`, once it says what `words` look for about a capture. */
async function popupSays(url: string, words = /^Capturing|^Capture isn't/): Promise<string> {
  const tab = await options.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1, url);
  const popup = await ff.openExtensionPage(`popup.html?tab=${tab}`);
  const status = await popup.waitForFunction(
    (source) => {
      const text = document.querySelector('[role="status"]')?.textContent ?? '';
      return new RegExp(source).test(text) ? text : null;
    },
    { timeout: 15_000 },
    words.source,
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

const INSERT_ID: Record<string, string> = {
  gemini: '6cc71b18a6f6cc02',
  perplexity: 'lisbon-insert-AbCdEfGhIj',
  grok: '6f0d2c1e-8888-4a2b-9c3d-00000000ff03',
  kimi: '6f0d2c1e-8888-4a2b-9c3d-00000000ff04',
};

describe.each([gemini, perplexity, grok, kimi] as FakeSite<NewSite>[])(
  '$site: Insert memory in Firefox',
  (site) => {
    test('the block is typed into the editor through its input path, before the draft', async () => {
      const url = site.url(INSERT_ID[site.site]!);
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
  },
);

test('Grok from its JSON, Kimi from its page; a Kimi share page is never stored', async () => {
  grok.conversations.set(ID.grok, {
    mode: 'ok',
    turns: [
      { id: 'ff-g1', role: 'user', text: 'Which way should a beehive face?' },
      { id: 'ff-g2', role: 'assistant', text: 'South-east, sheltered from the wind.' },
    ],
  });
  const api = await openChat(grok.url(ID.grok), 'grok');
  expect(await popupSays(grok.url(ID.grok))).toBe('Capturing this chat · 2 turns');
  const page = await openChat(kimi.url(ID.kimi), 'kimi');
  expect(await popupSays(kimi.url(ID.kimi))).toBe(`Capturing this chat · ${PAGES.kimi.turns} turns`);
  const share = 'https://www.kimi.com/share/19f799dc-a1d2-8d20-8000-000057fbdfb4';
  ff.servePage(
    share,
    sitePage('kimi', (html) => html.replace('class="chat-page"', 'class="share-page"')),
  );
  const shared = await ff.browser.newPage();
  await shared.goto(share);
  expect(await popupSays(share, /^Not capturing/)).toBe(
    "Not capturing: this is someone else's shared thread, not your chat.",
  );
  await Promise.all([api.close(), page.close(), shared.close()]);
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
  expect(conv(ID.grok)?.health?.strategy).toBe('api');
  expect(conv(ID.grok)?.turns.map((t) => t.text)).toEqual([
    'Which way should a beehive face?',
    'South-east, sheltered from the wind.',
  ]);
  expect(conv(ID.kimi)?.turns[0]?.text).toBe(FIRST_USER.kimi);
  expect(data.conversations.some((c) => c.url.includes('/share/'))).toBe(false);
  expect(ff.proxied()).toBe(0);
});
