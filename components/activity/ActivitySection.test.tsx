import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { switchLanguage } from '../../lib/i18n/i18n';
import { sendMessage } from '../../lib/messaging/send';
import { ProblemError, type Said } from '../../lib/model/problem';
import type { Job } from '../../lib/model/records';
import { db, deleteDb } from '../../lib/store/db';
import { ActivitySection } from './ActivitySection';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

const AT = '2026-11-20T10:00:00.000Z';
const job = (id: string, status: Job['status'], lastError: Said | null = null): Job => ({
  ...{ id, kind: 'extract', conversationKey: `chatgpt:${id}`, status, attempts: 3, fromOrder: 0 },
  ...{ runAfter: AT, leaseUntil: null, lastError, createdAt: AT, updatedAt: AT },
});

beforeEach(() => deleteDb());

test('empty states say what to do next', async () => {
  render(<ActivitySection />);
  expect(await screen.findByText('No extraction jobs yet.')).toBeTruthy();
  expect(await screen.findByText('No model calls yet.')).toBeTruthy();
});

test('a failed job shows its error and Retry queues it again; usage is summed per day and model', async () => {
  await db().jobs.bulkPut([job('a', 'failed', 'HTTP 429: rate limited'), job('b', 'done')]);
  const use = { at: AT, day: '2026-11-20', provider: 'openai-compatible', model: 'gpt-4o-mini', jobId: null };
  await db().usage.bulkPut([
    { ...use, id: 'u1', promptTokens: 1000, completionTokens: 100, costUsd: 0.001 },
    { ...use, id: 'u2', promptTokens: 500, completionTokens: 50, costUsd: 0.0005 },
  ]);
  render(<ActivitySection />);
  const failed = await screen.findByRole('list', { name: 'Failed jobs' });
  expect(within(failed).getByText(/HTTP 429: rate limited/)).toBeTruthy();
  await userEvent.click(within(failed).getByRole('button', { name: 'Retry reading a ChatGPT chat' }));
  const waiting = await screen.findByRole('list', { name: 'Waiting jobs' });
  expect(await within(waiting).findByText(/Read a ChatGPT chat/)).toBeTruthy();
  expect((await db().jobs.get('a'))?.status).toBe('pending');
  const row = screen.getByRole('row', { name: /2026-11-20/ });
  expect(
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['2026-11-20', 'openai-compatible', 'gpt-4o-mini', '2', '1,500', '150', '$0.0015']);
});

test('a dead letter says which turns it gave up on, and after Retry which turns it sends again (#12)', async () => {
  await db().jobs.bulkPut([
    { ...job('a', 'failed', 'Invalid model output after one retry'), fromOrder: 4, toOrder: 9 },
  ]);
  render(<ActivitySection />);
  const failed = await screen.findByRole('list', { name: 'Failed jobs' });
  expect(
    within(failed).getByText(/Turns 5–10 not extracted: later jobs skip them; Retry sends them again/),
  ).toBeTruthy();
  await userEvent.click(within(failed).getByRole('button', { name: 'Retry reading a ChatGPT chat' }));
  const waiting = await screen.findByRole('list', { name: 'Waiting jobs' });
  expect(await within(waiting).findByText(/Turns 5–10: sent again/)).toBeTruthy();
  expect(await db().jobs.get('a')).toMatchObject({ status: 'pending', fromOrder: 4, toOrder: 9 });
});

test('each Retry is named after its chat and described by its row, so several failed jobs read apart (#16)', async () => {
  const { conversation } = await import('../../test/helpers/records');
  await db().conversations.bulkPut([
    conversation({ key: 'chatgpt:a', id: 'a', title: 'Planning a week in Porto' }),
    conversation({ key: 'chatgpt:b', id: 'b', title: '  Shell\n and   math ' }),
  ]);
  await db().jobs.bulkPut([
    job('a', 'failed', 'HTTP 429: rate limited'),
    job('b', 'failed', 'HTTP 500: upstream down'),
    job('c', 'failed', 'HTTP 401: bad key'),
  ]);
  render(<ActivitySection />);
  const failed = await screen.findByRole('list', { name: 'Failed jobs' });
  const names = within(failed)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));
  expect(names.sort()).toEqual([
    'Retry reading a ChatGPT chat',
    'Retry reading “Planning a week in Porto” (ChatGPT)',
    'Retry reading “Shell and math” (ChatGPT)',
  ]);
  // The visible row names the chat too, and is the button's description (the error, the date).
  const porto = within(failed).getByRole('button', {
    name: 'Retry reading “Planning a week in Porto” (ChatGPT)',
  });
  expect(porto.textContent).toBe('Retry');
  expect(
    within(failed).getByRole('button', { description: /^Read a ChatGPT chat.*HTTP 401: bad key/ }),
  ).toBeTruthy();
  await userEvent.click(porto);
  await waitFor(async () => expect((await db().jobs.get('a'))?.status).toBe('pending'));
  expect((await db().jobs.get('b'))?.status).toBe('failed');
});

test("today's limits: changes written without review and tokens against the caps, and what happens past them (#11)", async () => {
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  const at = now.toISOString();
  const { event, memory } = await import('../../test/helpers/records');
  const { settingsItem } = await import('../../lib/settings');
  const { DEFAULT_SETTINGS } = await import('../../lib/model/settings');
  await settingsItem.setValue({ ...DEFAULT_SETTINGS, limits: { dailyChanges: 3, dailyTokens: 2000 } });
  const written = (id: string, status: 'active' | 'pending') =>
    event({ id, memoryId: id, actor: 'extractor', jobId: 'j', at, after: memory({ id, status }) });
  await db().memoryEvents.bulkPut([written('a', 'active'), written('b', 'active'), written('c', 'pending')]);
  const use = { at, day, provider: 'openai', model: 'gpt-4o-mini', jobId: 'j', costUsd: null };
  await db().usage.bulkPut([{ ...use, id: 'u1', promptTokens: 1500, completionTokens: 600 }]);
  render(<ActivitySection />);
  const box = await screen.findByLabelText("Today's limits");
  expect(await within(box).findByText(/Changes written without review: 2 of 3$/)).toBeTruthy();
  expect(within(box).getByText(/Tokens spent on extraction: 2,100 of 2,000/).textContent).toMatch(
    /Reached: extraction waits until 00:00 UTC\./,
  );
  await db().memoryEvents.put(written('d', 'active'));
  expect((await within(box).findByText(/Changes written without review: 3 of 3/)).textContent).toMatch(
    /Reached: further changes wait in Review\./,
  );
  expect(within(box).getByText(/One job may add 20, change 3 and delete 3 memories/)).toBeTruthy();
});

test("usage an import brought is shown apart, marked imported, and not counted in today's limits (#25)", async () => {
  const { settingsItem } = await import('../../lib/settings');
  const { DEFAULT_SETTINGS } = await import('../../lib/model/settings');
  await settingsItem.setValue(DEFAULT_SETTINGS);
  const at = new Date().toISOString();
  const day = at.slice(0, 10);
  const use = { at, day, provider: 'openai', model: 'gpt-4o-mini', jobId: 'j', costUsd: 0.1 };
  await db().usage.bulkPut([
    { ...use, id: 'mine', promptTokens: 100, completionTokens: 20 },
    { ...use, id: 'theirs', promptTokens: 900_000, completionTokens: 100_000, imported: true },
  ]);
  render(<ActivitySection />);
  const box = await screen.findByLabelText("Today's limits");
  expect(await within(box).findByText(/Tokens spent on extraction: 120 of 1,000,000$/)).toBeTruthy();
  const cells = (name: RegExp) =>
    within(screen.getByRole('row', { name }))
      .getAllByRole('cell')
      .map((c) => c.textContent);
  expect(cells(/openai \(imported\)/)).toEqual([
    day,
    'openai (imported)',
    'gpt-4o-mini',
    '1',
    '900,000',
    '100,000',
    '$0.1000',
  ]);
  expect(cells(/^\S+ openai gpt/)).toEqual([day, 'openai', 'gpt-4o-mini', '1', '100', '20', '$0.1000']);
});

test('a chat that turned out private says what Engram removed, in counts, never its title or address (#34)', async () => {
  render(<ActivitySection />);
  expect(await screen.findByText('No private chats had anything to remove.')).toBeTruthy();
  await db().privacy.bulkPut([
    {
      key: 'perplexity:nurse-in-leeds-x1Y2',
      site: 'perplexity',
      state: 'private',
      at: '2026-11-20T10:00:00.000Z',
      removed: { turns: 4, jobs: 1, memories: 2 },
    },
    { key: 'claude:abc', site: 'claude', state: 'private', at: '2026-11-20T11:00:00.000Z' },
    { key: 'chatgpt:c1', site: 'chatgpt', state: 'confirmed', at: '2026-11-20T12:00:00.000Z' },
  ]);
  const list = await screen.findByRole('list', { name: 'Private chats removed' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(1);
  expect(items[0]?.textContent).toMatch(
    /A Perplexity chat turned out to be private.*Engram removed 4 turns, 2 memories, and 1 extraction job from this device/,
  );
  expect(list.textContent).not.toMatch(/leeds/i);
});

test('what a private chat lost is counted by the language’s plural rules: Russian one/few/many, Japanese one form (#34, #37)', async () => {
  await db().privacy.put({
    key: 'perplexity:p1',
    site: 'perplexity',
    state: 'private',
    at: '2026-11-20T10:00:00.000Z',
    removed: { turns: 21, jobs: 5, memories: 3 },
  });
  await switchLanguage('ru');
  render(<ActivitySection />);
  const list = await screen.findByRole('list', { name: 'Удалённые приватные чаты' });
  expect(list.textContent).toContain('Чат Perplexity оказался приватным');
  expect(list.textContent).toContain(
    'Engram удалил 21 реплику, 3 воспоминания и 5 заданий на извлечение с этого устройства',
  );
  await act(() => switchLanguage('ja'));
  const ja = await screen.findByRole('list', { name: '削除したプライベートチャット' });
  expect(ja.textContent).toContain('21 ターン、メモリー 3 件、抽出ジョブ 5 件');
});

test('a job’s last error in Japanese: a code, a line stored in English before the upgrade, a provider’s words quoted (#37)', async () => {
  await db().jobs.bulkPut([
    job('a', 'failed', 'HTTP 429: rate limited'),
    job('b', 'pending', 'Daily token cap reached (1,000,000 of 1,000,000): waiting until 00:00 UTC'),
    job('c', 'pending', { code: 'chrome-not-downloaded' }),
  ]);
  await switchLanguage('ja');
  render(<ActivitySection />);
  const failed = await screen.findByRole('list', { name: '失敗したジョブ' });
  expect(failed.textContent).toContain(' · 「HTTP 429: rate limited」');
  const waiting = screen.getByRole('list', { name: '待機中のジョブ' });
  expect(waiting.textContent).toContain(
    '1 日のトークン上限に達しました（1,000,000 / 1,000,000）：00:00 UTC まで待ちます。',
  );
  expect(waiting.textContent).toContain('Chrome の内蔵モデルはまだダウンロードされていません');
});

test('a Retry the background refuses says why in German, not in its English (#37)', async () => {
  await db().jobs.put(job('a', 'failed', 'HTTP 429'));
  vi.mocked(sendMessage).mockRejectedValueOnce(
    new ProblemError({ code: 'retry-failed-only', status: 'running' }),
  );
  await switchLanguage('de');
  render(<ActivitySection />);
  await userEvent.click(await screen.findByRole('button', { name: /ChatGPT/ }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Erneuter Versuch nicht möglich: Nur ein fehlgeschlagener Auftrag kann erneut versucht werden (dieser: Wird ausgewertet). Lade die Seite neu und versuche es noch einmal.',
  );
});
