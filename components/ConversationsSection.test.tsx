import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { saveCapture } from '../lib/store/conversations';
import { db, resetDbForTests } from '../lib/store/db';
import { getMemory, writeMemory } from '../lib/store/memories';
import { conversation, event, memory, turn } from '../test/helpers/records';
import { loadExport } from '../test/fixtures/exports/load';
import { ConversationsSection } from './ConversationsSection';
import { dateLabel } from './labels';

vi.mock('../lib/messages', async (real) =>
  (await import('../test/helpers/background')).throughHandlers(await real()),
);

beforeEach(async () => {
  await resetDbForTests();
  await saveCapture({
    conversation: conversation({ title: 'Trip to Porto' }),
    turns: [
      turn({ text: 'I am vegetarian.' }),
      turn({ key: 'chatgpt:c1:t2', id: 't2', role: 'assistant', text: 'Noted!', order: 1 }),
    ],
  });
  const m = memory({
    id: 'veg',
    sources: [{ site: 'chatgpt', conversationId: 'c1', turnIds: ['t1'], url: null }],
  });
  await writeMemory(m, event({ memoryId: 'veg', after: m }));
});

test('shows site, turns, health and extraction, opens the transcript, and deletes removing its memories', async () => {
  render(<ConversationsSection />);
  const card = await screen.findByRole('listitem', { name: 'Trip to Porto' });
  expect(
    within(card).getByText(/ChatGPT · 2 turns · Complete, read from the page · Not extracted yet/),
  ).toBeTruthy();
  // Each row's buttons are described by its title (#16), their names stay short.
  for (const name of ['Extract now', 'Transcript', 'Delete…'])
    expect(within(card).getByRole('button', { name, description: 'Trip to Porto' })).toBeTruthy();
  await userEvent.click(within(card).getByRole('button', { name: 'Transcript' }));
  const transcript = await within(card).findByRole('list', { name: 'Transcript' });
  expect(
    within(transcript)
      .getAllByRole('listitem')
      .map((t) => t.textContent),
  ).toEqual(['You: I am vegetarian.', 'Assistant: Noted!']);
  await userEvent.click(within(card).getByRole('button', { name: 'Delete…' }));
  await userEvent.click(within(card).getByRole('radio', { name: /Move them to the Trash/ }));
  await userEvent.click(within(card).getByRole('button', { name: 'Delete conversation' }));
  expect(await screen.findByText('No conversations captured yet.')).toBeTruthy();
  expect((await getMemory('veg'))?.status).toBe('deleted');
  expect(await db().turns.count()).toBe(0);
});

test('deleting a conversation keeps its memories by default', async () => {
  render(<ConversationsSection />);
  const card = await screen.findByRole('listitem', { name: 'Trip to Porto' });
  await userEvent.click(within(card).getByRole('button', { name: 'Delete…' }));
  expect(within(card).getByRole('radio', { name: 'Keep them' })).toHaveProperty('checked', true);
  await userEvent.click(within(card).getByRole('button', { name: 'Delete conversation' }));
  await screen.findByText('No conversations captured yet.');
  expect((await getMemory('veg'))?.status).toBe('active');
});

test('"Extract now" queues the conversation and says plainly that a model is needed', async () => {
  render(<ConversationsSection />);
  const card = await screen.findByRole('listitem', { name: 'Trip to Porto' });
  await userEvent.click(within(card).getByRole('button', { name: 'Extract now' }));
  expect((await within(card).findByRole('status')).textContent).toBe('Choose a model to extract memories');
  expect((await db().jobs.toArray()).map((j) => [j.conversationKey, j.status])).toEqual([
    ['chatgpt:c1', 'pending'],
  ]);
});

test('a stored URL that is not the site’s own is never a link (a javascript: URL from an old import, #12)', async () => {
  await db().conversations.update('chatgpt:c1', { url: 'javascript:alert(1)' });
  render(<ConversationsSection />);
  const card = await screen.findByRole('listitem', { name: 'Trip to Porto' });
  expect(within(card).getByText('Trip to Porto').closest('a')).toBeNull();
  expect(within(card).queryAllByRole('link')).toEqual([]);
});

test('a conversation imported from an export shows its own dates, not the day of the import (#16)', async () => {
  const { planImport } = await import('../lib/import/detect');
  const { runImport } = await import('../lib/import/run');
  const { sendMessage } = await import('../lib/messages');
  const plan = planImport(JSON.stringify(loadExport('chatgpt-export-2025.json')));
  await runImport(
    plan,
    (chunk) => sendMessage('importChunk', chunk),
    () => undefined,
  );
  render(<ConversationsSection />);
  const card = await screen.findByRole('listitem', { name: 'Sourdough schedule' });
  const line = within(card).getByText(/ChatGPT · 4 turns/).textContent ?? '';
  expect(line).toContain(`started ${dateLabel('2025-01-01T00:00:00.000Z')}`);
  // The newest message of the export, 2025-01-01 00:02 UTC.
  expect(line).toContain(`updated ${dateLabel('2025-01-01T00:02:00.000Z')}`);
});
