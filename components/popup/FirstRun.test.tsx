import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { providerStatus } from '../../lib/background/pipeline/current-provider';
import { chromeDownloadItem } from '../../lib/providers/downloads';
import { installFakeLanguageModel, type FakeConfig } from '../../test/fakes/language-model';
import { sendMessage } from '../../lib/messaging/send';
import { DEFAULT_SETTINGS, siteOn } from '../../lib/model/settings';
import { Site } from '../../lib/model/site';
import { onboardedItem } from '../../lib/onboarding';
import { readSettings, settingsItem } from '../../lib/settings';
import { deleteDb } from '../../lib/store/db';
import { PopupApp } from './PopupApp';
import { i18n } from '../../lib/i18n/i18n';

const PAST_CHATS_LINE = i18n.t('firstRun.pastChats');
const t = i18n.t;

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

beforeEach(async () => {
  await deleteDb();
  await onboardedItem.removeValue();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});

test('"Include past turns" is on for a new install: one line says what it does and that nothing leaves the browser (#13)', async () => {
  await settingsItem.removeValue();
  render(<PopupApp />);
  expect(await screen.findByText(PAST_CHATS_LINE)).toBeTruthy();
  expect(PAST_CHATS_LINE).toMatch(/past chats.*runs in this browser and sends nothing anywhere/);
});

test('with "Include past turns" switched off, the first run does not claim it', async () => {
  await settingsItem.setValue({
    ...DEFAULT_SETTINGS,
    recall: { ...DEFAULT_SETTINGS.recall, rawTurns: false },
  });
  render(<PopupApp />);
  expect(await screen.findByRole('heading', { name: 'Welcome to Engram' })).toBeTruthy();
  expect(screen.queryByText(PAST_CHATS_LINE)).toBeNull();
});

test('first run: skip the model, choose sites, read the promises, finish; then the popup remembers', async () => {
  const { unmount } = render(<PopupApp />);
  expect(await screen.findByRole('heading', { name: 'Welcome to Engram' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Choose a model' }).getAttribute('href')).toMatch(
    /options\.html#model$/,
  );
  expect(screen.getByText('Step 1 of 3')).toBeTruthy();
  // #13: "Include past turns" is on by default, and the first run says so.
  expect(screen.getByText(PAST_CHATS_LINE)).toBeTruthy();
  expect(screen.getAllByRole('button', { name: /skip/i })).toHaveLength(1);
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByText('Step 2 of 3')).toBeTruthy();
  await userEvent.click(screen.getByRole('checkbox', { name: 'ChatGPT' }));
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByText(/there is no Engram server/)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
  expect(await screen.findByRole('link', { name: '0 memories' })).toBeTruthy();
  expect(await onboardedItem.getValue()).toBe(true);
  // ChatGPT unticked; every other site of the registry stays on.
  const saved = await readSettings();
  expect(Site.options.filter((site) => !siteOn(saved, site))).toEqual(['chatgpt']);
  unmount();
  render(<PopupApp />);
  expect(await screen.findByText('0 memories to review')).toBeTruthy();
  expect(screen.queryByRole('link', { name: '0 memories to review' })).toBeNull();
  expect(screen.queryByRole('heading', { name: 'Welcome to Engram' })).toBeNull();
});

test('Skip setup leaves the settings alone and does not ask again', async () => {
  render(<PopupApp />);
  await userEvent.click(await screen.findByRole('button', { name: 'Skip setup' }));
  expect(await screen.findByText('0 failed tries')).toBeTruthy();
  // One main action off a chat tab; adding by hand is tucked away (#16).
  expect(screen.getByRole('button', { name: 'Open memories' }).className).toBe('primary');
  expect(screen.queryByRole('button', { name: 'Insert memory' })).toBeNull();
  expect(screen.getByText('Add a memory by hand').closest('details')?.open).toBe(false);
  expect(await onboardedItem.getValue()).toBe(true);
  expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
});

test('a model saved in Options moves the walkthrough past the model step (#16: it looped)', async () => {
  await sendMessage('saveProvider', {
    kind: 'openai',
    model: 'gpt-4o-mini',
    baseUrl: 'http://localhost:9/v1',
  });
  render(<PopupApp />);
  expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Choose a model' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByText(/will use gpt-4o-mini/)).toBeTruthy();
});

test('with no model and past turns on, the popup says memories come from past chats, with a link to choose one (#13)', async () => {
  await onboardedItem.setValue(true);
  await settingsItem.setValue({
    ...DEFAULT_SETTINGS,
    recall: { ...DEFAULT_SETTINGS.recall, rawTurns: true },
  });
  const { unmount } = render(<PopupApp />);
  expect(await screen.findByText(/memories come from your past chats/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Choose a model' }).getAttribute('href')).toMatch(
    /options\.html#model$/,
  );
  unmount();
  await sendMessage('saveProvider', {
    kind: 'openai',
    model: 'gpt-4o-mini',
    baseUrl: 'http://localhost:9/v1',
  });
  render(<PopupApp />);
  await screen.findByText('0 failed tries');
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByText(/memories come from your past chats/)).toBeNull();
});

describe("the first run offers Chrome's built-in model first when Chrome has it (#35)", () => {
  const g = globalThis as { LanguageModel?: unknown };
  afterEach(() => {
    delete g.LanguageModel;
    vi.unstubAllEnvs();
  });
  const fake = (availability: FakeConfig['availability']) =>
    installFakeLanguageModel({
      availability,
      languages: ['en'],
      inputQuota: 6000,
      replies: [],
      downloadStepMs: 1,
    });

  test.each(['available', 'downloadable'] as const)(
    '%s: one click chooses it, no key',
    async (availability) => {
      fake(availability);
      render(<PopupApp />);
      const choose = await screen.findByRole('button', { name: t('firstRun.chromeChoose') });
      // First: before the link to every other choice.
      expect(
        choose.compareDocumentPosition(screen.getByRole('link', { name: t('firstRun.chooseAnother') })),
      ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
      await userEvent.click(choose);
      expect(await screen.findByText(t('firstRun.chromeChosen'))).toBeTruthy();
      expect(await providerStatus()).toMatchObject({ kind: 'chrome', model: 'built-in' });
      if (availability === 'downloadable')
        await vi.waitFor(async () =>
          expect(await chromeDownloadItem.getValue()).toEqual({ loaded: 1, error: null }),
        );
    },
  );

  test('unavailable or absent: not offered; the usual choice stands', async () => {
    fake('unavailable');
    render(<PopupApp />);
    expect(await screen.findByRole('link', { name: t('firstRun.chooseModel') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('firstRun.chromeChoose') })).toBeNull();
  });

  test('Firefox says in plain words that it has no local model', async () => {
    vi.stubEnv('FIREFOX', true as unknown as string);
    render(<PopupApp />);
    expect((await screen.findByRole('note')).textContent).toBe(t('firstRun.firefox'));
    expect(screen.queryByRole('button', { name: t('firstRun.chromeChoose') })).toBeNull();
  });
});
