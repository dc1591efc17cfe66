// A host permission the person revokes in Firefox (#24): Firefox lets people take a site's access away from an
// extension (about:addons → Permissions, or the Extensions menu). A test revokes it as that menu does, with
// permissions.remove from an extension page. Then Engram's content script does not run on that site, the popup
// there says in plain words that Engram cannot read it and how to allow it, Options → Settings → Sites says the
// same, its Allow button asks Firefox again, and nothing throws.
import type { ConsoleMessage, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixture } from '../e2e/harness';
import { chatgpt, claude } from '../e2e/sites';
import { launchFirefox, poll, type Firefox } from './harness';

const ID = '6f0d2c1e-8888-4a2b-9c3d-000000000024';
const STEPS =
  'In Firefox: click the Extensions button (the puzzle piece) in the toolbar, open Engram\'s menu and choose "Always allow on claude.ai"; or open about:addons → Engram → Permissions and turn on claude.ai.';

let ff: Firefox;
let options: Page;
const problems: string[] = [];

/** Console errors and uncaught errors of an extension page, kept for the last check. */
function watch(page: Page): Page {
  page.on('console', (m: ConsoleMessage) => void (m.type() === 'error' && problems.push(m.text())));
  page.on('pageerror', (e) => void problems.push(String(e)));
  return page;
}

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);

beforeAll(async () => {
  ff = await launchFirefox({ acceptRequests: true });
  ff.serveSite(chatgpt);
  ff.serveSite(claude);
  options = watch(await ff.openExtensionPage('options.html#settings'));
  await options.evaluate(() => chrome.storage.local.set({ onboarded: true }));
});
afterAll(async () => ff?.close());

test('a revoked host: the permission is gone, and Engram no longer runs on that site', async () => {
  const before = await options.evaluate(() =>
    chrome.permissions.contains({ origins: ['https://claude.ai/*'] }),
  );
  expect(before).toBe(true);
  expect(await options.evaluate(() => chrome.permissions.remove({ origins: ['https://claude.ai/*'] }))).toBe(
    true,
  );
  expect(
    await options.evaluate(() => chrome.permissions.contains({ origins: ['https://claude.ai/*'] })),
  ).toBe(false);
  claude.conversations.set(ID, {
    mode: 'ok',
    turns: [{ id: 'c-1', role: 'user', text: 'Plan a week in Porto.' }],
  });
  ff.servePage(claude.url(ID), fixture('pages/claude-current.html'));
  const chat = await ff.browser.newPage();
  await chat.goto(claude.url(ID));
  // The page has loaded; a ChatGPT tab opened after it gets its button, so content scripts are being injected.
  chatgpt.conversations.set(ID, { mode: 'ok', turns: [] });
  ff.servePage(chatgpt.url(ID), fixture('pages/chatgpt-current.html'));
  const other = await ff.browser.newPage();
  await other.goto(chatgpt.url(ID));
  await other.waitForSelector('engram-insert');
  expect(await chat.$('engram-insert')).toBeNull();
  await other.close();

  const tab = await options.evaluate(
    async (u) => (await chrome.tabs.query({ url: u }))[0]?.id ?? -1,
    claude.url(ID),
  );
  const popup = watch(await ff.openExtensionPage(`popup.html?tab=${tab}`));
  const said = await poll('the popup to name the withheld site', async () => {
    const text = await bodyText(popup);
    return text.includes('Engram cannot read') ? text : null;
  });
  expect(said).toContain('Engram cannot read Claude: your browser has not allowed it.');
  expect(said).toContain(STEPS);
  expect(await popup.$('::-p-aria(Insert memory[role="button"])')).toBeNull();
  await popup.close();
  await chat.close();
});

test('Options → Settings → Sites says the same for Claude, and ChatGPT is readable; nothing threw', async () => {
  // The page was open when the permission went: it follows permissions.onRemoved, no reload.
  const text = await poll('the Sites access lines', async () => {
    const body = await bodyText(options);
    return body.includes('Engram cannot read claude.ai') && body.includes('lets Engram read chatgpt.com')
      ? body
      : null;
  });
  expect(text).toContain('Your browser lets Engram read chatgpt.com and chat.openai.com.');
  expect(text).toContain(STEPS);
  expect(await options.$('::-p-aria(Allow Engram on Claude[role="button"])')).not.toBeNull();
});

// Firefox can ask again from the person's click (the prompt is accepted by a pref: headless Firefox shows none).
test('Allow Engram on Claude asks Firefox for claude.ai again; then Engram reads it; nothing threw', async () => {
  await options.click('::-p-aria(Allow Engram on Claude[role="button"])');
  await poll('the Claude row to say it is readable', async () =>
    (await bodyText(options)).includes('Your browser lets Engram read claude.ai.') ? true : null,
  );
  expect(
    await options.evaluate(() => chrome.permissions.contains({ origins: ['https://claude.ai/*'] })),
  ).toBe(true);
  const chat = await ff.browser.newPage();
  await chat.goto(claude.url(ID));
  await chat.waitForSelector('engram-insert');
  await chat.close();
  expect(problems).toEqual([]);
});
