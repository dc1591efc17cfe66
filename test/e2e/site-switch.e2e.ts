// The person decides where Engram reads (#24): a site switched off in Options → Settings → Sites stops on a tab
// that is already open, without a reload: the Insert memory button leaves the page, a finished reply reads
// nothing, and the popup says Engram is off there. Switched on again, the button is back and the chat is read.
// ChatGPT's tab reads the site's JSON and Gemini's its page: both of capture's paths stop.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { exportUntil } from './export';
import { fixture, launch, openOptions, servePage, skipFirstRun, type Harness } from './harness';
import { HOST } from './preview';
import { captured, inContentScript, tabIdOf, worker } from './records';
import { gemini, PAGES, sitePage } from './more-sites';
import { chatgpt, serveSite, type FakeTurn } from './sites';

const ID = '6f0d2c1e-5555-4a2b-9c3d-000000000024';
const turn = (n: number, role: FakeTurn['role']): FakeTurn => ({
  id: `s-${role}-${n}`,
  role,
  text: role === 'user' ? `Question ${n} about Porto.` : `Answer ${n}.`,
});

let h: Harness;
let options: Page;

beforeAll(async () => {
  h = await launch();
  await serveSite(h.context, chatgpt);
  await serveSite(h.context, gemini);
  await skipFirstRun(h);
  options = await openOptions(h, 'settings');
});
afterAll(async () => h?.close());

const siteBox = (name = 'ChatGPT') =>
  options.getByRole('group', { name: 'Sites' }).getByRole('checkbox', { name, exact: true });

/**
 * Counts the content script's fetches (every read of the site's JSON starts with one, before anything is sent),
 * then posts the tap's "reply finished" signal and a marker after it, from the content script's own world, and
 * returns how many fetches the signal started once the marker arrives. Window messages are delivered in the
 * order they were posted, and a read issues its first fetch before the signal's handler returns, so the count
 * is complete when the marker is seen: no wait on a clock.
 */
async function fetchesAfterReplySignal(chat: Page): Promise<number> {
  return inContentScript<number>(
    chat,
    `new Promise((done) => {
      let calls = 0;
      const real = globalThis.fetch;
      globalThis.fetch = (...args) => (calls++, real(...args));
      const marker = 'engram-test-marker-' + Math.random();
      addEventListener('message', function seen(e) {
        if (e.data !== marker) return;
        removeEventListener('message', seen);
        globalThis.fetch = real;
        done(calls);
      });
      postMessage({ type: 'engram:fetch-tap:reply-finished', conversationId: '${ID}' }, location.origin);
      postMessage(marker, location.origin);
    })`,
  );
}

async function popupSays(tabId: number, text: string): Promise<void> {
  const popup = await h.context.newPage();
  await popup.goto(`chrome-extension://${h.extensionId}/popup.html?tab=${tabId}`);
  await popup.getByText(text).waitFor();
  expect(await popup.getByRole('button', { name: 'Insert memory' }).count()).toBe(0);
  await popup.close();
}

test('switched off in Options, an open ChatGPT tab reads nothing and shows no button; on again, both are back', async () => {
  chatgpt.conversations.set(ID, { mode: 'ok', turns: [turn(1, 'user'), turn(1, 'assistant')] });
  await servePage(h.context, chatgpt.url(ID), fixture('pages/chatgpt-current.html'));
  const chat = await h.context.newPage();
  await chat.goto(chatgpt.url(ID));
  const at = await worker(h.context);
  const tabId = await tabIdOf(at, chatgpt.url(ID));
  await captured(at, tabId, { ok: (s) => s.state === 'capturing' && s.turnsStored === 2 });
  await chat.locator(HOST).waitFor();

  await siteBox().uncheck();
  await chat.locator(HOST).waitFor({ state: 'detached' });
  // The background marks the tab off at once; nothing the tab sends after it can say "capturing".
  const off = await captured(at, tabId, { ok: (s) => s.state === 'off' });
  expect(off.lastError).toEqual({ code: 'site-off', site: 'chatgpt' });
  // Two more turns on the site, and the signal that a reply finished: a tab that is on reads them at once.
  chatgpt.conversations.set(ID, {
    mode: 'ok',
    turns: [turn(1, 'user'), turn(1, 'assistant'), turn(2, 'user'), turn(2, 'assistant')],
  });
  expect(await fetchesAfterReplySignal(chat)).toBe(0);
  expect(await chat.locator(HOST).count()).toBe(0);
  await popupSays(tabId, 'Engram is off for ChatGPT.');

  const on = Date.now();
  await siteBox().check();
  await chat.locator(HOST).waitFor();
  const back = await captured(at, tabId, { since: on, ok: (s) => s.state === 'capturing' });
  expect(back.turnsSeen).toBe(4);
  const exporter = await openOptions(h, 'data');
  const { data } = await exportUntil(exporter, (d) => d.conversations.some((c) => c.id === ID));
  const stored = data.conversations.find((c) => c.id === ID);
  expect(stored?.turns.map((t) => t.text)).toEqual([
    'Question 1 about Porto.',
    'Answer 1.',
    'Question 2 about Porto.',
    'Answer 2.',
  ]);
  await Promise.all([chat.close(), exporter.close()]);
});

/**
 * Adds one exchange to a Gemini thread from the content script's world and returns how many captures the page
 * sent for it. A thread change is read in the animation frame after it (lib/capture/watch.ts coalesce), and the
 * frame callback this registers first runs in that frame too, so the count is complete one frame later.
 */
async function capturesAfterNewExchange(chat: Page, n: number): Promise<number> {
  return inContentScript<number>(
    chat,
    `new Promise((done) => {
      let sent = 0;
      const real = chrome.runtime.sendMessage;
      chrome.runtime.sendMessage = (...args) => (args[0]?.type === 'captureTurns' && sent++, real.apply(chrome.runtime, args));
      const last = [...document.querySelectorAll('#chat-history .conversation-container')].at(-1);
      const next = last.cloneNode(true);
      next.removeAttribute('id');
      next.querySelector('user-query .query-text').textContent = 'Question ${n} about Porto.';
      next.querySelector('model-response message-content .markdown').textContent = 'Answer ${n}.';
      last.after(next);
      requestAnimationFrame(() => requestAnimationFrame(() => {
        chrome.runtime.sendMessage = real;
        done(sent);
      }));
    })`,
  );
}

test('a Gemini tab, read from its page: switched off it reads no change and shows no button; on again, it does', async () => {
  const id = '6cc71b18a6f60024';
  await servePage(h.context, gemini.url(id), sitePage('gemini'));
  const chat = await h.context.newPage();
  await chat.goto(gemini.url(id));
  const at = await worker(h.context);
  const tabId = await tabIdOf(at, gemini.url(id));
  await captured(at, tabId, { ok: (s) => s.state === 'capturing' && s.turnsSeen === PAGES.gemini.turns });
  await chat.locator(HOST).waitFor();
  // The probe sees a read while the site is on, so its zero below means something.
  expect(await capturesAfterNewExchange(chat, 1)).toBeGreaterThan(0);

  await siteBox('Gemini').uncheck();
  await chat.locator(HOST).waitFor({ state: 'detached' });
  const off = await captured(at, tabId, { ok: (s) => s.state === 'off' });
  expect(off.lastError).toEqual({ code: 'site-off', site: 'gemini' });
  expect(await capturesAfterNewExchange(chat, 2)).toBe(0);
  expect(await chat.locator(HOST).count()).toBe(0);
  await popupSays(tabId, 'Engram is off for Gemini.');

  const on = Date.now();
  await siteBox('Gemini').check();
  await chat.locator(HOST).waitFor();
  const back = await captured(at, tabId, { since: on, ok: (s) => s.state === 'capturing' });
  expect(back.turnsSeen).toBe(PAGES.gemini.turns + 4);
  await chat.close();
});
