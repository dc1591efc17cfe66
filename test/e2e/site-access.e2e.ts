// A site whose access the browser withholds (#24): Chrome's "on click" site access, with ChatGPT allowed and
// Claude not, as the profile records it (harness.ts `onClick`). Engram's content script never runs on Claude;
// the popup there and Options → Settings → Sites say in plain words that Engram cannot read it and how to allow
// it, and nothing throws anywhere. The Allow button is not clicked: headless Chromium never answers the dialog
// `permissions.request` opens (components/settings/SitesSettings.test.tsx clicks it with a mocked browser).
import type { ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { fixture, launch, openOptions, servePage, skipFirstRun, type Harness } from './harness';
import { HOST } from './preview';
import { inContentScript, tabIdOf, worker } from './records';
import { chatgpt, claude, serveSite } from './sites';

const ID = '6f0d2c1e-6666-4a2b-9c3d-000000000024';
const STEPS =
  'In Chrome: click the puzzle icon in the toolbar, then Engram\'s menu → "This can read and change site data" → "On claude.ai".';

let h: Harness;
const problems: string[] = [];
const heard = (m: ConsoleMessage) =>
  void (m.type() === 'error' && problems.push(`${m.location().url}: ${m.text()}`));

beforeAll(async () => {
  h = await launch({ onClick: true, grantOrigins: ['https://chatgpt.com/*', 'https://chat.openai.com/*'] });
  h.context.on('console', heard);
  h.context.on('weberror', (e) => void problems.push(String(e.error())));
  await serveSite(h.context, chatgpt);
  await serveSite(h.context, claude);
  await skipFirstRun(h);
  // The worker's own uncaught errors reach no page: it keeps them where the last test reads them.
  await (
    await worker(h.context)
  ).evaluate(() => {
    const errors: string[] = [];
    Reflect.set(globalThis, 'engramTestErrors', errors);
    addEventListener('error', (e) => void errors.push(String(e.message)));
    addEventListener('unhandledrejection', (e) => void errors.push(String(e.reason)));
  });
});
afterAll(async () => h?.close());

test('withheld: no content script on Claude; the popup says Engram cannot read it and how to allow it', async () => {
  claude.conversations.set(ID, {
    mode: 'ok',
    turns: [{ id: 'c-1', role: 'user', text: 'Plan a week in Porto.' }],
  });
  await servePage(h.context, claude.url(ID), fixture('pages/claude-current.html'));
  const chat = await h.context.newPage();
  // goto waits for the load event; Chrome injects document_idle content scripts by then at the latest.
  await chat.goto(claude.url(ID));
  await expect(inContentScript(chat, '1')).rejects.toThrow('no Engram content script in this page');
  expect(await chat.locator(HOST).count()).toBe(0);
  // The browser hides a withheld tab's address from Engram: the popup names the site it cannot read.
  const popup = await h.context.newPage();
  await popup.goto(
    `chrome-extension://${h.extensionId}/popup.html?tab=${await tabIdOf(await worker(h.context), claude.url(ID))}`,
  );
  await popup.getByText('Engram cannot read Claude: your browser has not allowed it.').waitFor();
  expect(await popup.getByText(STEPS, { exact: false }).count()).toBe(1);
  expect(await popup.getByRole('button', { name: 'Insert memory' }).count()).toBe(0);
  await Promise.all([chat.close(), popup.close()]);
});

test('allowed: ChatGPT runs as usual beside it', async () => {
  chatgpt.conversations.set(ID, {
    mode: 'ok',
    turns: [{ id: 'g-1', role: 'user', text: 'Plan a week in Porto.' }],
  });
  await servePage(h.context, chatgpt.url(ID), fixture('pages/chatgpt-current.html'));
  const chat = await h.context.newPage();
  await chat.goto(chatgpt.url(ID));
  await chat.locator(HOST).waitFor();
  await chat.close();
});

test('Options → Settings → Sites: per site, access granted or not, and a button that asks for it', async () => {
  const options = await openOptions(h, 'settings');
  const sites = options.getByRole('group', { name: 'Sites' });
  const row = (name: string) =>
    sites.getByRole('listitem').filter({ has: options.getByRole('checkbox', { name, exact: true }) });
  await row('ChatGPT').getByText('Your browser lets Engram read chatgpt.com and chat.openai.com.').waitFor();
  const claudeRow = row('Claude');
  await claudeRow.getByText(/^Engram cannot read claude\.ai: your browser has not allowed it/).waitFor();
  expect(await claudeRow.getByRole('button', { name: 'Allow Engram on Claude' }).count()).toBe(1);
  expect(await claudeRow.getByText(STEPS).count()).toBe(1);
  // The person's switch is theirs; the browser's access is apart from it.
  expect(await claudeRow.getByRole('checkbox', { name: 'Claude', exact: true }).isChecked()).toBe(true);
  await options.close();
  expect(problems).toEqual([]);
  // Still the worker that was watched (an MV3 worker stops after ~30 s idle; this file keeps it busy).
  const errors = await (
    await worker(h.context)
  ).evaluate(() => Reflect.get(globalThis, 'engramTestErrors') as unknown);
  expect(errors).toEqual([]);
});
