// Settings → Sites (#24). The browser's permissions API is mocked: headless Chromium never answers the dialog
// `permissions.request` opens, so asking for a withheld site cannot be clicked end to end.
import { i18n } from '../../lib/i18n/i18n';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, siteOn } from '../../lib/model/settings';
import { Site } from '../../lib/model/site';
import { readSettings, settingsItem } from '../../lib/settings';
import { SITE_HOSTS } from '../../lib/model/site-hosts';
import { SITE_LABELS } from '../../lib/sites/registry';
import { allowSteps } from '../shared/siteAccess';
import { SettingsSection } from './SettingsSection';

/** The browser's grants: an origin pattern is allowed unless listed; `request` grants what it is asked. */
function browserAccess(withheld: string[], answer: boolean | Error = true) {
  const held = new Set(withheld);
  const contains = vi
    .spyOn(fakeBrowser.permissions, 'contains')
    .mockImplementation(async ({ origins = [] }) => origins.every((o) => !held.has(o)));
  const request = vi
    .spyOn(fakeBrowser.permissions, 'request')
    .mockImplementation(async ({ origins = [] }) => {
      if (answer instanceof Error) throw answer;
      if (answer) for (const o of origins) held.delete(o);
      return answer;
    });
  return { contains, request };
}

const sites = () => screen.findByRole('group', { name: 'Sites' });
const renderSites = () => render(<SettingsSection />);

beforeEach(() => settingsItem.setValue(DEFAULT_SETTINGS));
afterEach(() => vi.restoreAllMocks());

test('every site of the registry has a labelled switch, on by default, its hosts, and what switching off keeps', async () => {
  browserAccess([]);
  renderSites();
  const group = await sites();
  await within(group).findAllByText(/^Your browser lets Engram read /);
  for (const site of Site.options) {
    const box = within(group).getByRole('checkbox', { name: SITE_LABELS[site] });
    expect(box).toHaveProperty('checked', true);
    expect(box.getAttribute('aria-describedby')).toBe(`site-${site}-hint site-${site}-access`);
    expect(within(group).getByText(SITE_HOSTS[site].join(' and '))).toBeTruthy();
  }
  expect(group.getAttribute('aria-describedby')).toBe('sites-note');
  expect(within(group).getByText(/What it captured before stays until you delete it/)).toBeTruthy();
});

test('a switch applies at once, with no Save; a form saved after it does not put the site back', async () => {
  browserAccess([]);
  render(<SettingsSection />);
  const group = await sites();
  const budget = await screen.findByLabelText('Token budget');
  await userEvent.clear(budget);
  await userEvent.type(budget, '900');
  await userEvent.click(within(group).getByRole('checkbox', { name: 'ChatGPT' }));
  await waitFor(async () => expect(siteOn(await readSettings(), 'chatgpt')).toBe(false));
  expect(siteOn(await readSettings(), 'claude')).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect((await screen.findByText('Settings saved.')).textContent).toBe('Settings saved.');
  const saved = await readSettings();
  expect(saved.recall.budgetTokens).toBe(900);
  expect(siteOn(saved, 'chatgpt')).toBe(false);
  expect(within(group).getByRole('checkbox', { name: 'ChatGPT' })).toHaveProperty('checked', false);
});

test('a withheld site says Engram cannot read it and how to allow it; Allow asks the browser for its hosts', async () => {
  const { request } = browserAccess(['https://claude.ai/*']);
  render(<SettingsSection />);
  const group = await sites();
  const row = (await within(group).findByText(/^Engram cannot read claude\.ai/)).closest('li');
  if (!row) throw new Error('no row');
  expect(row.textContent).toContain(allowSteps(i18n.t, 'claude.ai', 'chrome'));
  // The switch stays the person's own choice; access is the browser's.
  expect(within(row).getByRole('checkbox', { name: 'Claude' })).toHaveProperty('checked', true);
  await userEvent.click(within(row).getByRole('button', { name: 'Allow Engram on Claude' }));
  expect(request).toHaveBeenCalledWith({ origins: ['https://claude.ai/*'] });
  await within(row).findByText('Your browser lets Engram read claude.ai.');
  expect(within(row).queryByRole('button', { name: 'Allow Engram on Claude' })).toBeNull();
});

test.each([
  ['refused', false],
  [
    'not in a user gesture (it throws)',
    new Error('permissions.request may only be called from a user input handler'),
  ],
])('Allow %s: the row says so, keeps the steps by hand, and nothing throws', async (_, answer) => {
  browserAccess(['https://chatgpt.com/*'], answer);
  render(<SettingsSection />);
  const group = await sites();
  await userEvent.click(await within(group).findByRole('button', { name: 'Allow Engram on ChatGPT' }));
  expect((await within(group).findByRole('status')).textContent).toBe(
    'The browser did not allow it. The steps above do the same by hand.',
  );
  // Only the withheld host is named and asked for: chat.openai.com is allowed.
  expect(within(group).getByText(/^Engram cannot read chatgpt\.com:/)).toBeTruthy();
});

test('a browser that cannot say (no permissions API) shows the switches and nothing about access', async () => {
  render(<SettingsSection />);
  const group = await sites();
  await within(group).findByRole('checkbox', { name: 'ChatGPT' });
  expect(within(group).queryByText(/Engram cannot read|lets Engram read/)).toBeNull();
  expect(within(group).getByRole('checkbox', { name: 'ChatGPT' }).getAttribute('aria-describedby')).toBe(
    'site-chatgpt-hint',
  );
});

test("Firefox's words: the extensions menu, or about:addons → Permissions", () => {
  expect(allowSteps(i18n.t, 'chatgpt.com', 'firefox')).toBe(
    'In Firefox: click the Extensions button (the puzzle piece) in the toolbar, open Engram\'s menu and choose "Always allow on chatgpt.com"; or open about:addons → Engram → Permissions and turn on chatgpt.com.',
  );
});
