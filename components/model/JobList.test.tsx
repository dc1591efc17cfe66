import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { sendMessage } from '../../lib/messaging/send';
import { db, deleteDb } from '../../lib/store/db';
import { enqueueExtraction, failJob, markWaiting } from '../../lib/store/jobs';
import { conversation } from '../../test/helpers/records';
import { JobList } from './JobList';

vi.mock('../../lib/messaging/send', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
const NOW = new Date('2026-11-29T12:00:00.000Z');

beforeEach(async () => {
  await deleteDb();
  send.mockResolvedValue({ ok: true });
});
afterEach(() => send.mockReset());

test('a dead-lettered job shows its error and a Retry; waiting jobs say a model is needed', async () => {
  const dead = await enqueueExtraction('claude:a', NOW, NOW);
  await failJob({ ...dead, attempts: 5 }, 'HTTP 500: upstream down', 5, 1000, NOW);
  await enqueueExtraction('claude:b', NOW, NOW);
  await markWaiting({ code: 'no-model' }, NOW);
  render(<JobList />);
  expect(await screen.findByText('“HTTP 500: upstream down”')).toBeTruthy();
  expect(screen.getByRole('status').textContent).toMatch(
    /Choose a model to extract memories: 1 conversation is waiting/,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Retry reading a Claude chat' }));
  expect(send).toHaveBeenCalledWith('retryJob', { id: dead.id });
  await userEvent.click(screen.getByRole('button', { name: 'Extract now' }));
  expect(send).toHaveBeenCalledWith('extractNow', {});
});

test('each Retry is named after its chat, so several dead letters read apart (#16)', async () => {
  await db().conversations.bulkPut([
    conversation({ key: 'claude:a', site: 'claude', id: 'a', title: 'Planning a week in Porto' }),
    conversation({ key: 'claude:b', site: 'claude', id: 'b', title: 'x'.repeat(80) }),
  ]);
  for (const key of ['claude:a', 'claude:b']) {
    const job = await enqueueExtraction(key, NOW, NOW);
    await failJob({ ...job, attempts: 5 }, 'HTTP 500: upstream down', 5, 1000, NOW);
  }
  render(<JobList />);
  const porto = await screen.findByRole('button', {
    name: 'Retry reading “Planning a week in Porto” (Claude)',
  });
  expect(porto.textContent).toBe('Retry');
  expect(porto.getAttribute('aria-describedby')).toBeTruthy();
  // A long title is cut to 60 characters.
  expect(screen.getByRole('button', { name: `Retry reading “${'x'.repeat(59)}…” (Claude)` })).toBeTruthy();
  await userEvent.click(porto);
  const [jobA] = (await db().jobs.toArray()).filter((j) => j.conversationKey === 'claude:a');
  expect(send).toHaveBeenCalledWith('retryJob', { id: jobA?.id });
});
