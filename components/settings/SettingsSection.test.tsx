import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../lib/model/settings';
import { readSettings, settingsItem } from '../../lib/settings';
import { SettingsSection } from './SettingsSection';

beforeEach(() => settingsItem.setValue(DEFAULT_SETTINGS));

test('out-of-range values are explained at the field, and nothing is saved', async () => {
  render(<SettingsSection />);
  const budget = await screen.findByLabelText('Token budget');
  await userEvent.clear(budget);
  await userEvent.type(budget, '50');
  const idle = screen.getByLabelText('Idle delay (seconds)');
  await userEvent.clear(idle);
  await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  const alerts = (await screen.findAllByRole('alert')).map((a) => a.textContent);
  expect(alerts).toEqual([
    'Enter a whole number of tokens from 100 to 8000.',
    'Enter a whole number of seconds from 10 to 3600.',
    'Not saved: fix the fields marked above, then save again.',
  ]);
  expect(budget.getAttribute('aria-invalid')).toBe('true');
  expect(budget.getAttribute('aria-describedby')).toContain('setting-recall-budgetTokens-error');
  expect(await readSettings()).toEqual(DEFAULT_SETTINGS);
});

test('valid changes are saved and confirmed; each setting explains itself', async () => {
  render(<SettingsSection />);
  const budget = await screen.findByLabelText('Token budget');
  expect(screen.getByText('The most tokens the memory block may add to a prompt.')).toBeTruthy();
  await userEvent.clear(budget);
  await userEvent.type(budget, '1200');
  await userEvent.click(screen.getByLabelText('Ask me before saving'));
  await userEvent.click(screen.getByLabelText('Capture Claude'));
  await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect((await screen.findByRole('status')).textContent).toBe('Settings saved.');
  const saved = await readSettings();
  expect(saved.recall.budgetTokens).toBe(1200);
  expect(saved.privacy.reviewMode).toBe(true);
  expect(saved.capture.sites).toEqual({ chatgpt: true, claude: false });
});

test('the daily limits are settings, checked like the others (#11)', async () => {
  render(<SettingsSection />);
  const changes = await screen.findByLabelText('Changes per day');
  expect(screen.getByText(/before the rest waits in Review/)).toBeTruthy();
  await userEvent.clear(changes);
  await userEvent.type(changes, '0');
  await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect((await screen.findAllByRole('alert'))[0]?.textContent).toBe(
    'Enter a whole number of changes from 1 to 100000.',
  );
  await userEvent.clear(changes);
  await userEvent.type(changes, '50');
  await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect((await screen.findByRole('status')).textContent).toBe('Settings saved.');
  expect((await readSettings()).limits).toEqual({ dailyChanges: 50, dailyTokens: 1_000_000 });
});
