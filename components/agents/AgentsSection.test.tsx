// Options → Desktop apps over the real background handlers (#27): the switch, a secret shown once, who is connected.
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { agentsItem, agentsStatusItem, recordAsked, recordReport } from '../../lib/store/agents';
import { AgentsSection } from './AgentsSection';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

beforeEach(() => fakeBrowser.reset());

test('the switch is stored by the background, and a new secret is shown once as each app’s configuration', async () => {
  const { unmount } = render(<AgentsSection />);
  const box = await screen.findByLabelText('Let desktop apps use my memories');
  expect((box as HTMLInputElement).checked).toBe(false);
  fireEvent.click(box);
  await waitFor(async () => expect((await agentsItem.getValue()).enabled).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: 'Make a secret' }));
  const config = await screen.findByLabelText('Configuration for Claude Desktop');
  const secret = (await agentsItem.getValue()).secret!;
  expect((config as HTMLTextAreaElement).value).toContain(secret);
  expect((screen.getByLabelText('Configuration for Claude Code') as HTMLTextAreaElement).value).toContain(
    secret,
  );
  unmount();
  // Shown once: the page opened again says a secret is in use and offers a new one, and shows none.
  render(<AgentsSection />);
  await screen.findByRole('button', { name: 'New secret' });
  expect(screen.queryByLabelText('Configuration for Claude Desktop')).toBeNull();
  expect(document.body.textContent).not.toContain(secret);
});

test('connected apps, when each last asked and what, and refusals', async () => {
  await agentsStatusItem.setValue({ report: { links: [], refused: [] }, asked: [] });
  await recordReport({
    links: [
      { port: 47310, agent: { name: 'Claude Desktop', version: '0.9' }, since: '2026-12-01T10:00:00.000Z' },
    ],
    refused: [
      {
        port: 47311,
        at: '2026-12-01T10:01:00.000Z',
        why: 'the server could not prove it holds the pairing secret',
      },
    ],
  });
  await recordAsked({
    at: '2026-12-01T10:02:00.000Z',
    port: 47310,
    agent: 'Claude Desktop',
    tool: 'search_memory',
    what: 'trip to Porto',
    outcome: 'answered: 3 lines',
  });
  render(<AgentsSection />);
  const list = await screen.findByRole('list', { name: 'Connected apps' });
  expect(list.textContent).toMatch(
    /“Claude Desktop” 0\.9Connected .* on port 47310\. Last asked .*searched for “trip to Porto” \(answered: 3 lines\)/,
  );
  expect(screen.getByRole('list', { name: 'Refused' }).textContent).toContain(
    'could not prove it holds the pairing secret',
  );
});
