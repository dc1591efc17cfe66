// The popup's one line of sync state (#15), over the real background handlers.
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MapBackend } from '../../test/helpers/memory-backend';
import { connectSync, syncNow } from '../../lib/background/sync/sync-runner';
import { runSync, stopSync } from '../../test/helpers/sync-service';
import { sendMessage } from '../../lib/messaging/send';
import { deleteDb } from '../../lib/store/db';
import { SyncLine } from './SyncLine';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

beforeEach(async () => {
  fakeBrowser.reset();
  await deleteDb();
  const remote = new MapBackend();
  runSync(() => remote);
});
afterEach(stopSync);

test('says nothing when sync is not set up here', async () => {
  const { container } = render(<SyncLine />);
  // The line's one request has been answered (not connected) before the check.
  await vi.mocked(sendMessage).mock.results[0]?.value;
  await Promise.resolve();
  expect(vi.mocked(sendMessage)).toHaveBeenCalledWith('getSyncStatus', {});
  expect(container.textContent).toBe('');
});

test('one line once connected, linking to Options → Sync', async () => {
  await connectSync({
    backend: { kind: 'webdav', url: 'https://nas.example/engram', username: '', password: '' },
    passphrase: 'correct horse battery staple',
  });
  await syncNow();
  render(<SyncLine />);
  const link = await screen.findByRole('link', { name: /^Synced / });
  expect(link.getAttribute('href')).toMatch(/options\.html#sync$/);
});
