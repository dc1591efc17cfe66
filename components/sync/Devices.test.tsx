// Options → Sync: the devices that wrote, Remove a device, the new passphrase after Delete everything, and why
// sync stopped (#25), over the real background handlers and store, with a Map for the person's storage.
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MapBackend } from '../../test/helpers/memory-backend';
import { event, memory } from '../../test/helpers/records';
import { Device, NEW_PASSPHRASE, PASSPHRASE } from '../../test/helpers/sync';
import { connectSync, syncNow } from '../../lib/background/sync/sync-runner';
import { runSync, stopSync } from '../../test/helpers/sync-service';
import type { SyncConnect } from '../../lib/model/sync';
import { deleteDb } from '../../lib/store/db';
import { clearAllData } from '../../lib/store/manage';
import { writeMemory } from '../../lib/store/memories';
import { unwrapIdentity, WrongPassphrase, wrapIdentity } from '../../lib/sync/crypto';
import { WORDS } from '../../lib/sync/words';
import { SyncSection } from './SyncSection';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

const SETTINGS: SyncConnect = {
  backend: { kind: 'webdav', url: 'https://nas.example/dav/engram', username: 'me', password: 'p' },
  passphrase: PASSPHRASE,
};

let remote: MapBackend;
beforeEach(async () => {
  fakeBrowser.reset();
  await deleteDb();
  remote = new MapBackend();
  runSync(() => remote);
});
afterEach(stopSync);

/** This device connected, and a laptop that wrote one memory, read here. */
async function withLaptop() {
  await connectSync(SETTINGS);
  await syncNow(); // the first sync, which Connect started
  const laptop = new Device('laptop', remote);
  laptop.deps.deviceName = 'Firefox on Windows';
  await laptop.connect();
  laptop.add('Written on the laptop.');
  await laptop.sync();
  await syncNow();
  render(<SyncSection />);
  return laptop;
}

test('lists the devices that wrote, with their last write, and removes one under a suggested passphrase', async () => {
  const laptop = await withLaptop();
  const id = laptop.store.state!.device.slice(0, 8);
  const devices = await screen.findByRole('group', { name: 'Devices' });
  expect(within(devices).getByText(/^This device/)).toBeTruthy();
  expect(
    within(devices).getByText(new RegExp(`^Firefox on Windows, device ${id} — last wrote `)),
  ).toBeTruthy();
  await userEvent.click(
    within(devices).getByRole('button', { name: `Remove Firefox on Windows, device ${id}` }),
  );
  const form = screen.getByRole('form', { name: `Remove Firefox on Windows, device ${id}` });
  const box = within(form).getByLabelText('New sync passphrase');
  fireEvent.change(box, { target: { value: 'short' } });
  expect(within(form).getByRole('alert').textContent).toMatch(/Too short: 5 of at least 16 characters/);
  const remove = within(form).getByRole('button', { name: 'Remove the device and change the passphrase' });
  expect(remove).toHaveProperty('disabled', true);
  await userEvent.click(within(form).getByRole('button', { name: 'Suggest a passphrase' }));
  const suggested = (box as HTMLInputElement).value;
  expect(suggested.split(' ').every((w) => WORDS.includes(w))).toBe(true);
  await userEvent.click(remove);
  await waitFor(() => expect(screen.queryByRole('form', { name: /^Remove/ })).toBeNull());
  await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Synced /), { timeout: 5_000 });
  // The laptop stops; its passphrase opens nothing; the new one opens everything, kept.
  expect((await laptop.sync()).stopped).toBe('rotated');
  await expect(new Device('thief', remote).connect(PASSPHRASE)).rejects.toBeInstanceOf(WrongPassphrase);
  const told = new Device('told', remote);
  await told.connect(suggested);
  await told.sync();
  expect(told.texts()).toEqual(['Written on the laptop. [active]']);
});

test('after Delete everything here, Options asks for a new passphrase and syncs under it', async () => {
  await connectSync(SETTINGS);
  await writeMemory(memory(), event());
  await syncNow();
  await clearAllData();
  await syncNow();
  render(<SyncSection />);
  expect((await screen.findByRole('status')).textContent).toMatch(
    /^“Delete everything” ran on this device: your other devices empty themselves at their next sync/,
  );
  const form = screen.getByRole('form', { name: 'Set the new passphrase' });
  fireEvent.change(within(form).getByLabelText('New sync passphrase'), { target: { value: PASSPHRASE } });
  await userEvent.click(within(form).getByRole('button', { name: 'Set the new passphrase' }));
  expect((await within(form).findByRole('alert')).textContent).toMatch(/passphrase you have now/);
  fireEvent.change(within(form).getByLabelText('New sync passphrase'), { target: { value: NEW_PASSPHRASE } });
  await userEvent.click(within(form).getByRole('button', { name: 'Set the new passphrase' }));
  await screen.findByRole('button', { name: 'Sync now' });
  expect((await unwrapIdentity(remote.files.get('keys/identity.age')!, NEW_PASSPHRASE)).resets).toHaveLength(
    1,
  );
});

test('a key replaced on the storage without a notice: sync stops and says why, beside the connect form', async () => {
  await connectSync(SETTINGS);
  await syncNow();
  remote.files.set(
    'keys/identity.age',
    await wrapIdentity('AGE-SECRET-KEY-1QQ', 'a1b2c3d4e5f60718', 'x', 10),
  );
  await syncNow();
  render(<SyncSection />);
  expect((await screen.findByRole('status')).textContent).toMatch(
    /^The key on your sync storage changed, and no notice from your devices says why/,
  );
  expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy();
});

test('the connect form suggests a passphrase and shows it, so it can be written down', async () => {
  render(<SyncSection />);
  const box = (await screen.findByLabelText('Sync passphrase')) as HTMLInputElement;
  expect(box.type).toBe('password');
  await userEvent.click(screen.getByRole('button', { name: 'Suggest a passphrase' }));
  expect(box.type).toBe('text');
  expect(box.value.split(' ')).toHaveLength(5);
});
