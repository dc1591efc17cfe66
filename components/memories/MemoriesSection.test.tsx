import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { handlers } from '../../lib/background/handlers';
import { deleteDb } from '../../lib/store/db';
import { getMemory } from '../../lib/store/memories';
import { giveElementsASize, rowOf } from '../../test/helpers/background';
import { MemoriesSection } from './MemoriesSection';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

const ext = { url: 'chrome-extension://engram-test/options.html' };

beforeAll(() => giveElementsASize());
beforeEach(() => deleteDb());

async function seeded(text: string) {
  const m = await handlers.addMemory({ text, type: 'profile' }, ext);
  render(<MemoriesSection />);
  return { memory: m, row: rowOf(await screen.findByText(text, { selector: 'p' })) };
}

test('edit a memory inline, then its history shows the change, by you', async () => {
  const { memory, row } = await seeded('I live in Lisbon.');
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const box = within(row).getByLabelText('Memory text');
  await userEvent.clear(box);
  await userEvent.type(box, 'I live in Porto.');
  await userEvent.selectOptions(within(row).getByLabelText('Type'), 'Event');
  await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
  const edited = rowOf(await screen.findByText('I live in Porto.', { selector: 'p' }, { timeout: 5000 }));
  expect(within(edited).getByText(/^Event · Priority 50/)).toBeTruthy();
  await userEvent.click(within(edited).getByRole('button', { name: 'History' }));
  const history = await within(edited).findByRole('list', { name: 'History' });
  const entries = within(history).getAllByRole('listitem');
  expect(entries.map((e) => e.textContent?.split(' · ')[0])).toEqual(['Added by You', 'Changed by You']);
  expect(within(entries[1]!).getByText('Edited text, type')).toBeTruthy();
  expect(entries[1]!.getElementsByTagName('del')[0]?.textContent).toBe('Lisbon.');
  expect(entries[1]!.getElementsByTagName('ins')[0]?.textContent).toBe('Porto.');
  expect((await getMemory(memory.id))?.type).toBe('event');
}, 20_000);

test('a bad priority is explained and nothing is saved; Escape cancels the edit', async () => {
  const { memory, row } = await seeded('I live in Lisbon.');
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const priority = within(row).getByLabelText('Priority');
  await userEvent.clear(priority);
  await userEvent.type(priority, '150');
  await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
  expect((await within(row).findByRole('alert')).textContent).toMatch(/0 to 100, or -1/);
  expect(priority.getAttribute('aria-invalid')).toBe('true');
  await userEvent.keyboard('{Escape}');
  expect(within(row).queryByLabelText('Priority')).toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Edit' })));
  expect((await getMemory(memory.id))?.priority).toBe(50);
});

test('delete, then Undo, restores the memory', async () => {
  const { memory, row } = await seeded('I have two cats.');
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  const undo = await screen.findByRole('status');
  expect(undo.textContent).toContain('Moved “I have two cats.” to the Trash.');
  expect(document.activeElement).toBe(within(undo).getByRole('button', { name: 'Undo' }));
  expect(screen.queryByText('I have two cats.', { selector: 'p' })).toBeNull();
  await userEvent.click(within(undo).getByRole('button', { name: 'Undo' }));
  const back = await screen.findByText('I have two cats.', { selector: 'p' });
  expect((await getMemory(memory.id))?.status).toBe('active');
  expect(screen.queryByRole('status')).toBeNull();
  // The bar and its Undo are gone: focus is on the memory brought back, not on the page body (#16).
  await waitFor(() => expect(document.activeElement).toBe(rowOf(back)));
});

test('Dismiss puts focus on the count of memories shown, not the page body (#16)', async () => {
  const { row } = await seeded('I have two cats.');
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  const undo = await screen.findByRole('status');
  await userEvent.click(within(undo).getByRole('button', { name: 'Dismiss' }));
  await waitFor(() => expect(document.activeElement?.textContent).toBe('Showing 0 of 0.'));
});

test('the Trash lists deleted memories; Restore brings one back, Delete forever asks first', async () => {
  const kept = await handlers.addMemory({ text: 'Keep this one.', type: 'profile' }, ext);
  const gone = await handlers.addMemory({ text: 'Forget this one.', type: 'profile' }, ext);
  await handlers.deleteMemory({ id: kept.id }, ext);
  await handlers.deleteMemory({ id: gone.id }, ext);
  render(<MemoriesSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Trash (2)' }));
  const trash = await screen.findByRole('list', { name: 'Trash' });
  await userEvent.click(
    within(rowOf(within(trash).getByText('Keep this one.'))).getByRole('button', { name: 'Restore' }),
  );
  await screen.findByRole('button', { name: 'Trash (1)' });
  const forget = rowOf(within(trash).getByText('Forget this one.'));
  await userEvent.click(within(forget).getByRole('button', { name: 'Delete forever' }));
  await userEvent.click(within(forget).getByRole('button', { name: 'Yes, delete forever' }));
  expect(await screen.findByText('The Trash is empty.')).toBeTruthy();
  expect(await getMemory(gone.id)).toBeUndefined();
  await userEvent.click(screen.getByRole('button', { name: 'All memories' }));
  expect(await screen.findByText('Keep this one.', { selector: 'p' })).toBeTruthy();
});

test('search as you type, filters, and an empty result that says what to do', async () => {
  await handlers.addMemory({ text: 'I play the piano.', type: 'profile' }, ext);
  await handlers.addMemory({ text: 'Answer briefly.', type: 'instruction' }, ext);
  render(<MemoriesSection />);
  await screen.findByText('Showing 2 of 2.');
  await userEvent.type(screen.getByLabelText('Search'), 'pia');
  expect(await screen.findByText('Showing 1 of 2.')).toBeTruthy();
  await userEvent.clear(screen.getByLabelText('Search'));
  const filters = screen.getByRole('group', { name: 'Filters' });
  await userEvent.selectOptions(within(filters).getByLabelText('Type'), 'Standing instruction');
  expect(await screen.findByText('Showing 1 of 2.')).toBeTruthy();
  expect(screen.getByText('Answer briefly.', { selector: 'p' })).toBeTruthy();
  await userEvent.type(screen.getByLabelText('Search'), 'zebra');
  expect(await screen.findByText('Nothing matches your search.')).toBeTruthy();
});

test('bulk: select two, pin them, then delete them with one Undo', async () => {
  await handlers.addMemory({ text: 'One.', type: 'profile' }, ext);
  await handlers.addMemory({ text: 'Two.', type: 'profile' }, ext);
  render(<MemoriesSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Select all shown' }));
  const bar = screen.getByRole('group', { name: 'Selected memories' });
  expect(within(bar).getByText('2 selected')).toBeTruthy();
  await userEvent.click(within(bar).getByRole('button', { name: 'Pin' }));
  await screen.findAllByText(/· Pinned$/);
  await userEvent.click(screen.getByRole('button', { name: 'Select all shown' }));
  await userEvent.click(
    within(screen.getByRole('group', { name: 'Selected memories' })).getByRole('button', {
      name: 'Delete selected',
    }),
  );
  expect((await screen.findByRole('status')).textContent).toContain('Moved 2 memories to the Trash.');
  await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Showing 2 of 2.')).toBeTruthy();
});

test('a project seen in a captured chat can be chosen as a scope, by its name', async () => {
  const url = 'https://chatgpt.com/g/g-p-67a1b2c3d4-trip-to-japan/c/6f0d2c1e-1111';
  const turns = [{ id: 'u1', role: 'user' as const, text: 'Plan my Kyoto days.', createdAt: null }];
  await handlers.captureTurns(
    { site: 'chatgpt', conversationId: '6f0d2c1e-1111', url, title: 'Japan', strategy: 'page', turns },
    { url, tab: { id: 7 } },
  );
  const { memory, row } = await seeded('Trip budget is 3000 euros.');
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const scope = within(row).getByLabelText('Scope');
  await waitFor(() => expect(within(scope).getByText('ChatGPT project “trip to japan”')).toBeTruthy());
  await userEvent.selectOptions(scope, 'ChatGPT project “trip to japan”');
  await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
  await waitFor(async () =>
    expect((await getMemory(memory.id))?.scope).toBe('project:chatgpt:g-p-67a1b2c3d4'),
  );
});

// Focus after an action (#16, as in components/options/focus.test.tsx): Restore and Delete forever remove their own row.
test('in the Trash, focus goes to the row now in place of a restored one, then to "The Trash is empty."', async () => {
  for (const text of ['Keep this one.', 'Forget this one.']) {
    const m = await handlers.addMemory({ text, type: 'profile' }, ext);
    await handlers.deleteMemory({ id: m.id }, ext);
  }
  render(<MemoriesSection />);
  await userEvent.click(await screen.findByRole('button', { name: 'Trash (2)' }));
  const trash = await screen.findByRole('list', { name: 'Trash' });
  const rows = within(trash).getAllByRole('listitem');
  const restore = within(rows[0]!).getByRole('button', { name: 'Restore' });
  restore.focus();
  await userEvent.keyboard('{Enter}');
  await screen.findByRole('button', { name: 'Trash (1)' });
  const left = within(trash).getByRole('listitem');
  await waitFor(() => expect(document.activeElement).toBe(left));
  await userEvent.click(within(left).getByRole('button', { name: 'Delete forever' }));
  within(left).getByRole('button', { name: 'Yes, delete forever' }).focus();
  await userEvent.keyboard('{Enter}');
  const empty = await screen.findByText('The Trash is empty.');
  await waitFor(() => expect(document.activeElement).toBe(empty.parentElement));
});
