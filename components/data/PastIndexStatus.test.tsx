import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { sendMessage } from '../../lib/messaging/send';
import type { PastIndexStats } from '../../lib/model/past';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import { settingsItem } from '../../lib/settings';
import { PastIndexStatus } from './PastIndexStatus';

vi.mock('../../lib/messaging/send', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
beforeEach(() => settingsItem.setValue(DEFAULT_SETTINGS));
afterEach(() => send.mockReset());

const stats = (over: Partial<PastIndexStats>): PastIndexStats => ({
  passages: 0,
  bytesOnDisk: 0,
  highWater: null,
  lastIndexedAt: null,
  pending: 0,
  persistent: true,
  ...over,
});

test('while an import is indexed it counts down the conversations to go, then says what the index holds', async () => {
  send
    .mockResolvedValueOnce(stats({ pending: 1200, passages: 5000 }))
    .mockResolvedValue(stats({ passages: 183_710, bytesOnDisk: 177_029_120 }));
  render(<PastIndexStatus busyMs={1000} idleMs={60_000} />);
  expect((await screen.findByTestId('past-index-status')).textContent).toBe(
    'Indexing past chats for “From past chats”: 1,200 conversations to go, 5,000 passages so far.',
  );
  expect(await screen.findByText(/^Past chats indexed/, {}, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByTestId('past-index-status').textContent).toBe(
    'Past chats indexed: 183,710 passages, 177 MB in this browser’s private storage.',
  );
  expect(send).toHaveBeenCalledWith('getPastIndexStats', {});
});

test('an index kept in memory says so and why', async () => {
  send.mockResolvedValue(stats({ passages: 1, persistent: false }));
  render(<PastIndexStatus />);
  expect((await screen.findByTestId('past-index-status')).textContent).toBe(
    'Past chats indexed: 1 passage, kept in memory, because this browser refused its private file storage: it is rebuilt each time Engram starts.',
  );
});

test('with "Include past turns" off it shows nothing and never opens the index', async () => {
  await settingsItem.setValue({
    ...DEFAULT_SETTINGS,
    recall: { ...DEFAULT_SETTINGS.recall, rawTurns: false },
  });
  const { container } = render(<PastIndexStatus busyMs={10} idleMs={10} />);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(container.textContent).toBe('');
  expect(send).not.toHaveBeenCalled();
});

test('an index that does not answer says so', async () => {
  send.mockRejectedValue(new Error('past index: no stats'));
  render(<PastIndexStatus />);
  expect((await screen.findByRole('alert')).textContent).toContain(
    'The past-chat index did not answer: “past index: no stats”',
  );
});
