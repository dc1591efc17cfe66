import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { switchLanguage } from '../../lib/i18n/i18n';
import type { CaptureStatus as Status } from '../../lib/model/messages';
import type { CaptureNotice } from '../../lib/model/notice';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import { readSettings, settingsItem } from '../../lib/settings';
import { addCaptureProblem, clearCaptureProblems, setTabStatus } from '../../lib/store/status';
import { CaptureProblems } from '../activity/CaptureProblems';
import { CaptureStatus } from './CaptureStatus';
import { usePopupSite } from './popupSite';

/** The status as the popup shows it, for the tab in `?tab=`. */
function StatusOfTab() {
  return <CaptureStatus site={usePopupSite()} />;
}

const status = (over: Partial<Status> = {}): Status => ({
  site: 'chatgpt',
  conversationId: 'c1',
  url: 'https://chatgpt.com/c/c1',
  state: 'capturing',
  strategy: 'api',
  turnsSeen: 14,
  turnsStored: 14,
  lastError: null,
  checkedAt: '2026-11-29T12:00:00.000Z',
  ...over,
});

beforeEach(async () => {
  history.replaceState(null, '', '/popup.html?tab=7');
  await settingsItem.setValue(DEFAULT_SETTINGS);
  await clearCaptureProblems(); // a problem one test adds is still listed in the next
});

test('says in plain words that this chat is captured, and how', async () => {
  await setTabStatus(7, status());
  render(<StatusOfTab />);
  expect((await screen.findByText(/^Capturing/)).textContent).toBe('Capturing this chat · 14 turns');
});

test('a page read after the site data failed says so', async () => {
  await setTabStatus(7, status({ strategy: 'page', turnsSeen: 1, lastError: 'HTTP 404' }));
  render(<StatusOfTab />);
  expect((await screen.findByText(/^Capturing/)).textContent).toBe('Capturing this chat · 1 turn');
  expect(screen.getByText(/reads it from the page \(“HTTP 404”\)/)).toBeTruthy();
});

test('messages the page reader could not read are said, as a problem, beside how the chat was read (#36)', async () => {
  await setTabStatus(
    7,
    status({ site: 'grok', strategy: 'page', turnsSeen: 4, lastError: 'HTTP 404', unread: 1 }),
  );
  render(<StatusOfTab />);
  expect((await screen.findByText(/^Capturing/)).textContent).toBe('Capturing this chat · 4 turns');
  expect(
    screen.getByText(
      /1 message on this page could not be read and was left out: Grok's page may have changed\./,
    ),
  ).toBeTruthy();
  expect(screen.getByText(/reads it from the page \(“HTTP 404”\)/)).toBeTruthy();
});

test('a shared thread says it is someone else’s, not the person’s chat (#36)', async () => {
  await setTabStatus(7, status({ site: 'kimi', state: 'shared', strategy: 'none', turnsSeen: 0 }));
  render(<StatusOfTab />);
  expect(
    await screen.findByText("Not capturing: this is someone else's shared thread, not your chat."),
  ).toBeTruthy();
});

test('a broken page is never silent, and updates live', async () => {
  render(<StatusOfTab />);
  await screen.findByText(
    /Open a ChatGPT, Claude, Gemini, Perplexity, DeepSeek, Le Chat, Grok, Copilot, AI Studio, Qwen Chat, Kimi, or Meta AI conversation/,
  );
  await setTabStatus(
    7,
    status({
      state: 'broken',
      strategy: 'none',
      turnsSeen: 0,
      lastError: { code: 'no-turns', unread: 0, siteData: null },
    }),
  );
  expect(
    await screen.findByText("Capture isn't working on this page — the site may have changed"),
  ).toBeTruthy();
});

test("the site's switch turns Engram off for this site only", async () => {
  await setTabStatus(7, status());
  render(<StatusOfTab />);
  await userEvent.click(await screen.findByLabelText('Engram on ChatGPT'));
  await screen.findByText('Engram is off for ChatGPT.');
  const { sites } = (await readSettings()).capture;
  expect(sites.chatgpt).toBe(false);
  expect(sites.claude).toBe(true);
});

test('the global pause stops capture everywhere', async () => {
  await setTabStatus(7, status());
  render(<StatusOfTab />);
  await userEvent.click(await screen.findByLabelText('Pause all capture'));
  await screen.findByText('Capture is paused everywhere.');
  expect((await readSettings()).capture).toMatchObject({
    paused: true,
    sites: DEFAULT_SETTINGS.capture.sites,
  });
});

test('temporary chats are named as such', async () => {
  await setTabStatus(7, status({ state: 'private', strategy: 'none', turnsSeen: 0 }));
  render(<StatusOfTab />);
  expect(await screen.findByText('Not capturing: this is a temporary or incognito chat.')).toBeTruthy();
});

test("another account's thread is someone else's shared thread, in the person's language (#34, #36, #37)", async () => {
  await setTabStatus(7, status({ site: 'perplexity', state: 'shared', strategy: 'none', turnsSeen: 0 }));
  render(<StatusOfTab />);
  expect(
    await screen.findByText("Not capturing: this is someone else's shared thread, not your chat."),
  ).toBeTruthy();
  await act(() => switchLanguage('de'));
  expect(
    await screen.findByText(
      'Keine Aufzeichnung: Das ist ein geteilter Verlauf einer anderen Person, nicht dein Chat.',
    ),
  ).toBeTruthy();
});

test("a chat only the site's JSON could vouch for says so, with the JSON's failure quoted (#34)", async () => {
  await setTabStatus(
    7,
    status({ site: 'claude', state: 'unconfirmed', strategy: 'none', turnsSeen: 0, lastError: 'HTTP 500' }),
  );
  render(<StatusOfTab />);
  expect(
    await screen.findByText(
      "Not capturing: only Claude's own data can say this chat is not private and yours, and it has not.",
    ),
  ).toBeTruthy();
  expect(screen.getByText("Claude's data: “HTTP 500”.")).toBeTruthy();
});

test('the options page names an unconfirmed chat as the popup does (#34)', async () => {
  render(<CaptureProblems />);
  await switchLanguage('ja');
  await addCaptureProblem({
    site: 'perplexity',
    conversationId: 'x',
    url: 'https://www.perplexity.ai/search/x',
    kind: 'unconfirmed',
    detail: 'only the JSON can tell',
    at: '2026-11-29T12:00:00.000Z',
  });
  expect(
    await screen.findByText(
      /^記録していません：このチャットがプライベートではなく.*Perplexity 自身のデータだけ/,
    ),
  ).toBeTruthy();
});

test('the options page lists capture problems', async () => {
  render(<CaptureProblems />);
  await screen.findByText('No capture problems.');
  await addCaptureProblem({
    site: 'claude',
    conversationId: 'x',
    url: 'https://claude.ai/chat/x',
    kind: 'broken',
    detail: { code: 'no-turns', unread: 0, siteData: 'HTTP 404' },
    at: '2026-11-29T12:00:00.000Z',
  });
  expect(
    await screen.findByText("Capture isn't working on this page — the site may have changed"),
  ).toBeTruthy();
  expect(
    screen.getByText(
      "No turns found on this page: the site's markup may have changed. The site's data: “HTTP 404”.",
    ),
  ).toBeTruthy();
});

const PAUSED: CaptureNotice = {
  ...{ code: 'tab-limit', limit: 'minute', most: { captures: 120, turns: 0, bytes: 0 } },
  refused: { captures: 3, turns: 3, bytes: 1_234 },
};

test('a tab Engram paused for sending too much says so, and what was not stored (#25)', async () => {
  const why = 'Engram paused capture on this tab: it sent more than 120 captures in a minute.';
  const lost = 'Not stored: 3 captures with up to 3 new turns (1.2 kB).';
  await setTabStatus(7, status({ state: 'limited', turnsStored: 0, lastError: PAUSED }));
  render(<StatusOfTab />);
  const headline = await screen.findByRole('status');
  await waitFor(() => expect(headline.textContent).toBe(why));
  expect(headline.className).toBe('error');
  expect(screen.getByText(lost)).toBeTruthy();
  render(<CaptureProblems />);
  await addCaptureProblem({
    ...{ site: 'chatgpt', conversationId: 'c1', url: 'https://chatgpt.com/c/c1', kind: 'limited' },
    ...{ detail: PAUSED, at: '2026-11-29T12:00:00.000Z' },
  });
  expect(await screen.findByText('Engram paused capture on a ChatGPT tab')).toBeTruthy();
  expect(screen.getByText(`${why} ${lost}`)).toBeTruthy();
});
