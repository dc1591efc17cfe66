import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { sendMessage } from '../../lib/messaging/send';
import { memory } from '../../test/helpers/records';
import { AddMemoryForm } from './AddMemoryForm';

vi.mock('../../lib/messaging/send', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
afterEach(() => send.mockReset());

test('adds a typed memory through the background and clears the box', async () => {
  send.mockResolvedValue(memory());
  render(<AddMemoryForm />);
  await userEvent.type(screen.getByLabelText('New memory'), 'I am allergic to peanuts.');
  await userEvent.selectOptions(screen.getByLabelText('Type'), 'Preference');
  await userEvent.click(screen.getByRole('button', { name: 'Add memory' }));
  expect(send).toHaveBeenCalledWith('addMemory', { text: 'I am allergic to peanuts.', type: 'preference' });
  expect(screen.getByLabelText('New memory')).toHaveProperty('value', '');
});

test('a failure is shown, and the text is kept', async () => {
  send.mockRejectedValue(new Error('Storage is full'));
  render(<AddMemoryForm />);
  await userEvent.type(screen.getByLabelText('New memory'), 'Keep me');
  await userEvent.click(screen.getByRole('button', { name: 'Add memory' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Storage is full');
  expect(screen.getByLabelText('New memory')).toHaveProperty('value', 'Keep me');
});
