import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { sendMessage } from '../lib/messages';
import { NO_PROVIDER } from '../lib/pipeline/queue';
import { resetDbForTests } from '../lib/store/db';
import { enqueueExtraction, failJob, markWaiting } from '../lib/store/jobs';
import { JobList } from './JobList';

vi.mock('../lib/messages', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
const NOW = new Date('2026-11-29T12:00:00.000Z');

beforeEach(async () => {
  await resetDbForTests();
  send.mockResolvedValue({ ok: true });
});
afterEach(() => send.mockReset());

test('a dead-lettered job shows its error and a Retry; waiting jobs say a model is needed', async () => {
  const dead = await enqueueExtraction('claude:a', NOW, NOW);
  await failJob({ ...dead, attempts: 5 }, 'HTTP 500: upstream down', 5, 1000, NOW);
  await enqueueExtraction('claude:b', NOW, NOW);
  await markWaiting(NO_PROVIDER, NOW);
  render(<JobList />);
  expect(await screen.findByText('HTTP 500: upstream down')).toBeTruthy();
  expect(screen.getByRole('status').textContent).toMatch(
    /Choose a model to extract memories: 1 conversation is waiting/,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(send).toHaveBeenCalledWith('retryJob', { id: dead.id });
  await userEvent.click(screen.getByRole('button', { name: 'Extract now' }));
  expect(send).toHaveBeenCalledWith('extractNow', {});
});
