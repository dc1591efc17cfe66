import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../lib/model/settings';
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
  await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect((await screen.findByRole('status')).textContent).toBe('Settings saved.');
  const saved = await readSettings();
  expect(saved.recall.budgetTokens).toBe(1200);
  expect(saved.privacy.reviewMode).toBe(true);
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

/** Another tab, the popup or sync saves settings while this draft has unsaved edits. */
const elsewhere = (change: (s: Settings) => Settings) =>
  act(() => settingsItem.setValue(change(DEFAULT_SETTINGS)));
const budgetOf = (s: Settings, budgetTokens: number) => ({ ...s, recall: { ...s.recall, budgetTokens } });
const paused = (s: Settings) => ({ ...s, capture: { ...s.capture, paused: true } });

test('a change made elsewhere keeps unsaved edits, and takes the new value of fields not being edited (#16)', async () => {
  render(<SettingsSection />);
  const budget = await screen.findByLabelText('Token budget');
  await userEvent.clear(budget);
  await userEvent.type(budget, '1500');
  await elsewhere(paused);
  await waitFor(() => expect(screen.getByLabelText('Pause all capture')).toHaveProperty('checked', true));
  expect(budget).toHaveProperty('value', '1500');
  // Nothing the person is editing was touched: nothing to decide.
  expect(screen.queryByRole('group', { name: 'Changed elsewhere' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect((await screen.findByRole('status')).textContent).toBe('Settings saved.');
  expect(await readSettings()).toEqual(budgetOf(paused(DEFAULT_SETTINGS), 1500));
});

test('a change elsewhere to a field being edited is said in plain words; the person keeps theirs (#16)', async () => {
  render(<SettingsSection />);
  const budget = await screen.findByLabelText('Token budget');
  await userEvent.clear(budget);
  await userEvent.type(budget, '1500');
  await elsewhere((s) => paused(budgetOf(s, 2000)));
  const said = await screen.findByRole('group', { name: 'Changed elsewhere' });
  expect(said.textContent).toContain(
    'Token budget was changed in another tab, the popup or on another device while you were editing it. Yours: 1500. New: 2000.',
  );
  expect(budget).toHaveProperty('value', '1500');
  await userEvent.click(within(said).getByRole('button', { name: 'Keep yours: Token budget' }));
  expect(screen.queryByRole('group', { name: 'Changed elsewhere' })).toBeNull();
  // The pressed button is gone: focus goes to the field it was about, not to the page body.
  expect(document.activeElement).toBe(budget);
  await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
  expect((await screen.findByRole('status')).textContent).toBe('Settings saved.');
  expect(await readSettings()).toEqual(budgetOf(paused(DEFAULT_SETTINGS), 1500));
});

test('…or takes the new value; a change to what the person also chose is no question (#16)', async () => {
  render(<SettingsSection />);
  const budget = await screen.findByLabelText('Token budget');
  await userEvent.clear(budget);
  await userEvent.type(budget, '1500');
  const model = screen.getByLabelText('Embedding model');
  await userEvent.clear(model);
  await userEvent.type(model, 'my-embedder');
  await userEvent.click(screen.getByLabelText('Ask me before saving'));
  await elsewhere((s) => ({
    ...budgetOf(s, 2000),
    recall: { ...budgetOf(s, 2000).recall, embeddingModel: 'text-embedding-3-large' },
    privacy: { reviewMode: true, redact: false },
  }));
  const said = await screen.findByRole('group', { name: 'Changed elsewhere' });
  // "Ask me before saving" was turned on there too: the same choice, nothing to decide.
  expect(
    within(said)
      .getAllByRole('listitem')
      .map((li) => li.firstChild?.textContent),
  ).toEqual([
    'Token budget was changed in another tab, the popup or on another device while you were editing it. Yours: 1500. New: 2000.',
    'Embedding model was changed in another tab, the popup or on another device while you were editing it. Yours: my-embedder. New: text-embedding-3-large.',
  ]);
  await userEvent.click(within(said).getByRole('button', { name: 'Use the new value: Token budget' }));
  expect(budget).toHaveProperty('value', '2000');
  expect(document.activeElement).toBe(budget);
  await userEvent.click(within(said).getByRole('button', { name: 'Use the new value: Embedding model' }));
  expect(model).toHaveProperty('value', 'text-embedding-3-large');
  expect(document.activeElement).toBe(model);
  expect(screen.queryByRole('group', { name: 'Changed elsewhere' })).toBeNull();
  expect(screen.getByLabelText('Ask me before saving')).toHaveProperty('checked', true);
  expect(screen.getByLabelText('Redact secrets')).toHaveProperty('checked', false);
});
