// Test connection's result arrives as the background's code and is said in the person's language (#37); the
// provider's own error is quoted.
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { i18n, switchLanguage } from '../../lib/i18n/i18n';
import { sendMessage } from '../../lib/messaging/send';
import type { TestResult } from '../../lib/model/provider';
import { deleteDb } from '../../lib/store/db';
import { ModelSettings } from './ModelSettings';

vi.mock('../../lib/messaging/send', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
let result: TestResult = { code: 'no-provider' };

beforeEach(async () => {
  fakeBrowser.reset();
  await deleteDb();
  send.mockImplementation(async (type) => {
    if (type === 'getProviderStatus')
      return { kind: 'anthropic', model: 'claude-haiku-4-5', baseUrl: '', hasKey: true };
    if (type === 'chromeModelStatus') return { state: 'absent', download: null, languages: [] };
    if (type === 'testProvider') return result;
    return { ok: true };
  });
});
afterEach(() => cleanup());

/** What the page says after Test connection, in `lng`. */
async function said(lng: string, r: TestResult): Promise<string | null> {
  result = r;
  await act(() => switchLanguage(lng));
  const form = await screen.findByRole('form', { name: i18n.t('model.provider') });
  const before = within(form).queryByRole('status')?.textContent ?? null;
  await userEvent.click(within(form).getByRole('button', { name: i18n.t('model.test') }));
  // Each result asked for here reads differently from the one before it: wait for this one.
  await waitFor(() => expect(within(form).queryByRole('status')?.textContent ?? before).not.toBe(before));
  return within(form).getByRole('status').textContent;
}

const failed: TestResult = {
  code: 'failed',
  model: 'claude-haiku-4-5',
  error: 'HTTP 401: invalid x-api-key',
};

test('a failed test says so in Japanese and German, the provider’s error quoted', async () => {
  render(<ModelSettings />);
  expect(await said('ja', failed)).toBe(
    'claude-haiku-4-5 を使えませんでした：「HTTP 401: invalid x-api-key」。',
  );
  expect(await said('de', failed)).toBe(
    'claude-haiku-4-5 konnte nicht verwendet werden: „HTTP 401: invalid x-api-key“.',
  );
  expect(await said('de', { code: 'no-provider' })).toBe('Wähle zuerst einen Anbieter und ein Modell.');
  expect(await said('ja', { code: 'endpoint', fault: 'plainHttp', at: '10.0.0.2' })).toMatch(
    /^暗号化されていない http/,
  );
});

test('a connection that answered counts its tokens by the language’s plural rules', async () => {
  render(<ModelSettings />);
  const ok = (tokens: number): TestResult => ({ code: 'connected', model: 'claude-haiku-4-5', tokens });
  expect(await said('ja', ok(12))).toBe(
    'claude-haiku-4-5 に接続しました：期待どおりの形式で応答しました（12 トークン）。',
  );
  expect(await said('de', ok(12))).toBe(
    'Mit claude-haiku-4-5 verbunden: Es hat im erwarteten Format geantwortet (12 Token).',
  );
  expect(await said('ru', ok(1))).toMatch(/\(1 токен\)\.$/);
  expect(await said('ru', ok(3))).toMatch(/\(3 токена\)\.$/);
  expect(await said('ru', ok(12))).toMatch(/\(12 токенов\)\.$/);
});
