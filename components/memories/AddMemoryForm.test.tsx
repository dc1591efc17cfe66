import { act, render, screen } from '@testing-library/react';
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

test('an answer that comes after the person moved on takes neither their focus nor their new text', async () => {
  let answer!: (m: ReturnType<typeof memory>) => void;
  send.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  render(
    <>
      <AddMemoryForm />
      <input aria-label="Search" />
    </>,
  );
  const box = screen.getByLabelText('New memory');
  await userEvent.type(box, 'I cycle to work.');
  await userEvent.click(screen.getByRole('button', { name: 'Add memory' }));
  await userEvent.click(screen.getByLabelText('Search'));
  await userEvent.keyboard('cyc');
  await act(async () => answer(memory()));
  expect(document.activeElement).toBe(screen.getByLabelText('Search'));
  expect(screen.getByLabelText('Search')).toHaveProperty('value', 'cyc');
  expect(box).toHaveProperty('value', '');
});

test('text typed into the box while the answer was on its way is kept', async () => {
  let answer!: (m: ReturnType<typeof memory>) => void;
  send.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  render(<AddMemoryForm />);
  const box = screen.getByLabelText('New memory');
  await userEvent.type(box, 'First.');
  await userEvent.click(screen.getByRole('button', { name: 'Add memory' }));
  await userEvent.type(box, ' Second.');
  await act(async () => answer(memory()));
  expect(box).toHaveProperty('value', 'First. Second.');
});

test('with focus left where it was, it comes back to the box for the next memory', async () => {
  send.mockResolvedValue(memory());
  render(<AddMemoryForm />);
  const box = screen.getByLabelText('New memory');
  await userEvent.type(box, 'I cycle to work.');
  await userEvent.click(screen.getByRole('button', { name: 'Add memory' }));
  expect(document.activeElement).toBe(box);
});
