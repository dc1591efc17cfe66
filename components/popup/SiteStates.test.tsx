// The popup on a site Engram does not read (#24): switched off by the person, or its host withheld by the browser
// (Firefox's revoked permission, Chrome's "on click"). The browser's permissions API is mocked: headless
// Chromium never answers a permission dialog, and the fake browser has no permissions at all.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, siteOn } from '../../lib/model/settings';
import { onboardedItem } from '../../lib/onboarding';
import { readSettings, settingsItem, writeSiteOn } from '../../lib/settings';
import { deleteDb } from '../../lib/store/db';
import { PopupApp } from './PopupApp';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

/** The origins the browser withholds; every other one is allowed. */
function withhold(...origins: string[]) {
  return vi
    .spyOn(fakeBrowser.permissions, 'contains')
    .mockImplementation(async ({ origins: asked = [] }) => asked.every((o) => !origins.includes(o)));
}

/** A tab the popup speaks about; `url` undefined is a tab whose address the browser hides from Engram. */
async function tabAt(url: string | undefined) {
  const tab = await fakeBrowser.tabs.create({ url });
  history.replaceState(null, '', `/popup.html?tab=${tab.id}`);
}

const insert = () => screen.queryByRole('button', { name: 'Insert memory' });

beforeEach(async () => {
  await deleteDb();
  await onboardedItem.setValue(true);
  await settingsItem.setValue(DEFAULT_SETTINGS);
});
afterEach(() => vi.restoreAllMocks());

test('a site switched off: the popup says so, what it means, and where to turn it back on; no Insert memory', async () => {
  withhold();
  await writeSiteOn('chatgpt', false);
  await tabAt('https://chatgpt.com/c/c1');
  render(<PopupApp />);
  expect((await screen.findByText('Engram is off for ChatGPT.')).getAttribute('role')).toBe('status');
  expect(
    screen.getByText(
      /It captures nothing on this site and shows no Insert memory button here; what it captured/,
    ).textContent,
  ).toMatch(/Turn it back on below, or in Options → Settings → Sites\.$/);
  expect(insert()).toBeNull();
  // Turned back on from the popup: the usual status and the main action come back.
  await userEvent.click(screen.getByRole('checkbox', { name: 'Engram on ChatGPT' }));
  await waitFor(() => expect(insert()).not.toBeNull());
  expect(siteOn(await readSettings(), 'chatgpt')).toBe(true);
  expect(screen.queryByText('Engram is off for ChatGPT.')).toBeNull();
});

test('a tab whose site the browser withholds (its address shown): cannot read this site, and how to allow it', async () => {
  withhold('https://claude.ai/*');
  await tabAt('https://claude.ai/chat/abc');
  render(<PopupApp />);
  expect(
    await screen.findByText('Engram cannot read this site (claude.ai): your browser has not allowed it.'),
  ).toBeTruthy();
  expect(
    screen.getByText(/Nothing is captured there and no Insert memory button shows/).textContent,
  ).toContain(
    'In Chrome: click the puzzle icon in the toolbar, then Engram\'s menu → "This can read and change site data" → "On claude.ai".',
  );
  expect(screen.getByRole('link', { name: 'Open Settings → Sites' }).getAttribute('href')).toMatch(
    /options\.html#settings$/,
  );
  expect(insert()).toBeNull();
  expect(screen.queryByRole('checkbox', { name: 'Engram on Claude' })).toBeNull();
});

test('a tab whose address the browser hides, with a site withheld: that site is named, with the steps', async () => {
  withhold('https://claude.ai/*');
  await tabAt(undefined);
  render(<PopupApp />);
  expect(await screen.findByText('Engram cannot read Claude: your browser has not allowed it.')).toBeTruthy();
  expect(screen.getByText(/"On claude\.ai"/)).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Open memories' })).toBeTruthy();
});

test('a readable chat tab, on: the usual status and Insert memory; nothing about access', async () => {
  withhold();
  await tabAt('https://claude.ai/chat/abc');
  render(<PopupApp />);
  await waitFor(() => expect(insert()).not.toBeNull());
  expect(screen.queryByText(/cannot read/)).toBeNull();
  expect(screen.getByRole('checkbox', { name: 'Engram on Claude' })).toHaveProperty('checked', true);
});

test('a browser without a permissions API (it throws): nothing throws, the popup speaks as usual', async () => {
  await tabAt('https://chatgpt.com/c/c1');
  const errors = vi.spyOn(console, 'error');
  render(<PopupApp />);
  await waitFor(() => expect(insert()).not.toBeNull());
  expect(screen.queryByText(/cannot read/)).toBeNull();
  expect(errors).not.toHaveBeenCalled();
});

test('a check begun before a chat tab came to the front never puts the old tab back (CI, load 12)', async () => {
  withhold();
  history.replaceState(null, '', '/popup.html');
  const other = await fakeBrowser.tabs.create({ url: 'https://example.org/' });
  const chat = await fakeBrowser.tabs.create({ url: 'https://chatgpt.com/c/c1' });
  let answerFirst: (tabs: Awaited<ReturnType<typeof fakeBrowser.tabs.query>>) => void = () => {};
  const query = vi.spyOn(fakeBrowser.tabs, 'query');
  query.mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)));
  query.mockImplementation(async () => [chat]);
  render(<PopupApp />);
  await waitFor(() => expect(query).toHaveBeenCalledTimes(1));
  await fakeBrowser.tabs.onActivated.trigger({ tabId: chat.id!, windowId: chat.windowId! });
  await waitFor(() => expect(insert()).not.toBeNull());
  answerFirst([other]); // the first check, begun while the other tab was in front, answers last
  await new Promise((r) => setTimeout(r, 50));
  expect(insert()).not.toBeNull();
});
