// Unsaved Settings changes are not lost without a word when another Options section is chosen (#16).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import { readSettings, settingsItem } from '../../lib/settings';
import { deleteDb } from '../../lib/store/db';
import { OptionsApp } from './OptionsApp';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

beforeEach(async () => {
  await deleteDb();
  await settingsItem.setValue(DEFAULT_SETTINGS);
  history.replaceState(null, '', '#settings');
});

const nav = (name: string) => screen.getByRole('navigation').querySelector(`a[href="#${name}"]`)!;

async function changeABox(): Promise<HTMLInputElement> {
  render(<OptionsApp />);
  const box = await screen.findByLabelText<HTMLInputElement>('Include past turns');
  await userEvent.click(box);
  return box;
}

test('leaving Settings with unsaved changes asks first; Stay keeps them on screen', async () => {
  const box = await changeABox();
  const was = box.checked;
  await userEvent.click(nav('memories'));
  const ask = await screen.findByRole('alertdialog', { name: 'Unsaved changes in Settings' });
  expect(location.hash).toBe('#settings');
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save and go to Memories' }));
  await userEvent.click(screen.getByRole('button', { name: 'Stay on Settings' }));
  expect(ask.isConnected).toBe(false);
  expect(screen.getByLabelText<HTMLInputElement>('Include past turns').checked).toBe(was);
  expect(document.activeElement).toBe(screen.getByRole('main'));
});

test('Save and go saves, then shows the chosen section', async () => {
  const box = await changeABox();
  const was = box.checked;
  await userEvent.click(nav('memories'));
  await userEvent.click(await screen.findByRole('button', { name: 'Save and go to Memories' }));
  await screen.findByRole('heading', { name: 'Memories' });
  expect(location.hash).toBe('#memories');
  expect((await readSettings()).recall.rawTurns).toBe(was);
});

test('Leave without saving drops them, as asked; with nothing changed nothing is asked', async () => {
  await changeABox();
  await userEvent.click(nav('memories'));
  await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
  await screen.findByRole('heading', { name: 'Memories' });
  expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
  await userEvent.click(nav('settings'));
  await screen.findByLabelText('Include past turns');
  await userEvent.click(nav('memories'));
  await screen.findByRole('heading', { name: 'Memories' });
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
});
