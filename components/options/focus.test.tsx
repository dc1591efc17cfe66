// Where focus goes after an action (#16: it fell to the page body after Add memory, Export and Delete
// everything, and after the first run; Options had no way past its navigation). test/e2e/keyboard.e2e.ts walks
// the same paths in Chromium, with the keyboard only.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { sendMessage } from '../../lib/messaging/send';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import { onboardedItem } from '../../lib/onboarding';
import { settingsItem } from '../../lib/settings';
import { deleteDb } from '../../lib/store/db';
import { readExport } from '../../lib/store/export';
import { memory } from '../../test/helpers/records';
import { AddMemoryForm } from '../memories/AddMemoryForm';
import { DataSection } from '../data/DataSection';
import { downloadText } from '../data/download';
import { OptionsApp } from './OptionsApp';
import { PopupApp } from '../popup/PopupApp';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);
vi.mock('../data/download', () => ({ downloadText: vi.fn() }));
vi.mock('../../lib/store/export', async (real) => ({
  ...(await real<typeof import('../../lib/store/export')>()),
  readExport: vi.fn(),
}));

const estimate = vi.fn(async () => ({ usage: 52_000_000 }));

beforeEach(async () => {
  // happy-dom has no StorageManager.
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate } });
  await deleteDb();
  await onboardedItem.removeValue();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});
afterEach(() => vi.mocked(sendMessage).mockClear());

test('after Add memory the emptied field has focus, ready for the next one', async () => {
  vi.mocked(sendMessage).mockResolvedValueOnce(memory());
  render(<AddMemoryForm />);
  const field = screen.getByLabelText('New memory');
  await userEvent.type(field, 'I keep bees.');
  await userEvent.tab();
  await userEvent.tab();
  const add = screen.getByRole('button', { name: 'Add memory' });
  expect(document.activeElement).toBe(add);
  // happy-dom's Enter on a submit button does not submit its form; the e2e presses Enter in Chromium.
  await userEvent.click(add);
  await waitFor(() => expect(field).toHaveProperty('value', ''));
  expect(document.activeElement).toBe(field);
});

test('a running Export stays enabled (busy, not disabled), so it keeps focus', async () => {
  let finish = () => {};
  // The export held at its read, to look at the button while it runs.
  const held = new Promise<void>((resolve) => (finish = resolve));
  vi.mocked(readExport).mockImplementationOnce(async () => {
    await held;
    return { format: 'engram', version: 1, exportedAt: '', conversations: [], memories: [] } as never;
  });
  render(<DataSection />);
  const exportAll = screen.getByRole('button', { name: 'Export all data' });
  exportAll.focus();
  await userEvent.keyboard('{Enter}');
  await waitFor(() => expect(exportAll.getAttribute('aria-busy')).toBe('true'));
  expect(exportAll).toHaveProperty('disabled', false);
  expect(exportAll.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(exportAll);
  finish();
  await waitFor(() => expect(downloadText).toHaveBeenCalled());
  expect(exportAll.getAttribute('aria-busy')).toBeNull();
  expect(document.activeElement).toBe(exportAll);
});

test('Delete everything moves focus to what happened, and clears the old import error and storage figure', async () => {
  render(<DataSection />);
  expect(await screen.findByText('Using 52 MB of this browser’s storage.')).toBeTruthy();
  await userEvent.upload(
    screen.getByLabelText('Import'),
    new File(['{"rows":[]}'], 'x.json', { type: 'application/json' }),
  );
  expect((await screen.findByRole('alert')).textContent).toMatch(/^Import failed/);
  estimate.mockImplementation(async () => ({ usage: 100_000 }));
  await userEvent.type(screen.getByLabelText(/^Type DELETE/), 'DELETE');
  await userEvent.click(screen.getByRole('button', { name: 'Delete everything' }));
  const said = await screen.findByText('Everything was deleted.');
  await waitFor(() => expect(document.activeElement).toBe(said));
  expect(screen.queryByText(/^Import failed/)).toBeNull();
  expect(await screen.findByText('Using 100 kB of this browser’s storage.')).toBeTruthy();
  expect(screen.queryByText(/52\.0 MB/)).toBeNull();
});

test('finishing the first run gives focus to the popup’s main action', async () => {
  render(<PopupApp />);
  const next = await screen.findByRole('button', { name: 'Next' });
  next.focus();
  await userEvent.keyboard('{Enter}');
  await userEvent.keyboard('{Enter}');
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Finish' }));
  await userEvent.keyboard('{Enter}');
  const main = await screen.findByRole('button', { name: 'Open memories' });
  await waitFor(() => expect(document.activeElement).toBe(main));
});

test('Options: the first Tab is a skip link to the section, past the navigation, and the hash stays', async () => {
  location.hash = '#memories';
  render(<OptionsApp />);
  await userEvent.tab();
  const skip = screen.getByRole('link', { name: 'Skip to content' });
  expect(document.activeElement).toBe(skip);
  await userEvent.keyboard('{Enter}');
  expect(document.activeElement).toBe(screen.getByRole('main'));
  expect(location.hash).toBe('#memories');
  await userEvent.tab();
  expect(document.activeElement).toBe(screen.getByLabelText('New memory'));
});
