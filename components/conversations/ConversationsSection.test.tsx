import { i18n, switchLanguage } from '../../lib/i18n/i18n';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { saveCapture } from '../../lib/store/conversations';
import { db, deleteDb } from '../../lib/store/db';
import { getMemory, writeMemory } from '../../lib/store/memories';
import { conversation, event, memory, turn } from '../../test/helpers/records';
import { loadExport } from '../../test/fixtures/exports/load';
import { giveElementsASize } from '../../test/helpers/background';
import { ConversationsSection } from './ConversationsSection';
import { dateLabel } from '../shared/labels';

// happy-dom lays nothing out: the virtualized list (#13) needs a size to fill.
beforeAll(() => giveElementsASize());

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

beforeEach(async () => {
  await deleteDb();
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
  expect((await within(card).findByRole('status')).textContent).toBe('Choose a model to extract memories.');
  expect((await db().jobs.toArray()).map((j) => [j.conversationKey, j.status])).toEqual([
    ['chatgpt:c1', 'pending'],
  ]);
});

test('"Extract now" says a model is needed in German: the background sends a code, not its English (#37)', async () => {
  await switchLanguage('de');
  render(<ConversationsSection />);
  const card = await screen.findByRole('listitem', { name: 'Trip to Porto' });
  await userEvent.click(within(card).getByRole('button', { name: 'Jetzt auswerten' }));
  expect((await within(card).findByRole('status')).textContent).toBe(
    'Wähle ein Modell, um Erinnerungen zu gewinnen.',
  );
});

test('a stored URL that is not the site’s own is never a link (a javascript: URL from an old import, #12)', async () => {
  await db().conversations.update('chatgpt:c1', { url: 'javascript:alert(1)' });
  render(<ConversationsSection />);
  const card = await screen.findByRole('listitem', { name: 'Trip to Porto' });
  expect(within(card).getByText('Trip to Porto').closest('a')).toBeNull();
  expect(within(card).queryAllByRole('link')).toEqual([]);
});

test('a conversation imported from an export shows its own dates, not the day of the import (#16)', async () => {
  const { planImport } = await import('../../lib/import/detect');
  const { runImport } = await import('../../lib/import/run');
  const { sendMessage } = await import('../../lib/messaging/send');
  const plan = planImport(JSON.stringify(loadExport('chatgpt-export-2025.json')));
  await runImport(
    plan,
    (chunk) => sendMessage('importChunk', chunk),
    () => undefined,
  );
  render(<ConversationsSection />);
  const card = await screen.findByRole('listitem', { name: 'Sourdough schedule' });
  const line = within(card).getByText(/ChatGPT · 4 turns/).textContent ?? '';
  expect(line).toContain(`started ${dateLabel(i18n.t, '2025-01-01T00:00:00.000Z', 'en')}`);
  // The newest message of the export, 2025-01-01 00:02 UTC.
  expect(line).toContain(`updated ${dateLabel(i18n.t, '2025-01-01T00:02:00.000Z', 'en')}`);
});

test('5,000 conversations render only a window of rows, and the search filters by title or site (#13)', async () => {
  const many = Array.from({ length: 5000 }, (_, i) =>
    conversation({
      key: `${i % 2 ? 'claude' : 'chatgpt'}:bulk${i}`,
      site: i % 2 ? 'claude' : 'chatgpt',
      id: `bulk${i}`,
      url: i % 2 ? `https://claude.ai/chat/bulk${i}` : `https://chatgpt.com/c/bulk${i}`,
      title: i === 4321 ? 'Sourdough STARTER notes' : `Chat number ${i}`,
    }),
  );
  await db().conversations.bulkPut(many);
  render(<ConversationsSection />);
  expect(await screen.findByText('Showing 5,001 of 5,001.', undefined, { timeout: 20_000 })).toBeTruthy();
  const rows = screen.getAllByRole('listitem');
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.length).toBeLessThan(60);
  expect(rows[0]?.getAttribute('aria-setsize')).toBe('5001');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'sourdough starter');
  expect(await screen.findByText('Showing 1 of 5,001.')).toBeTruthy();
  expect(screen.getByRole('listitem', { name: 'Sourdough STARTER notes' })).toBeTruthy();
  await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'CLAUDE');
  expect(await screen.findByText('Showing 2,500 of 5,001.')).toBeTruthy();
}, 60_000);
