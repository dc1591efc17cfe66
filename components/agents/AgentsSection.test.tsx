// Options → Desktop apps over the real background handlers (#27): the switch, a secret shown once, who is connected.
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { switchLanguage } from '../../lib/i18n/i18n';
import { agentsItem, agentsStatusItem, recordAsked, recordReport } from '../../lib/store/agents';
import { AgentsSection } from './AgentsSection';

vi.mock('../../lib/messaging/send', async () =>
  (await import('../../test/helpers/background')).throughHandlers(),
);

beforeEach(() => fakeBrowser.reset());

const SERVER = '/home/you/engram/mcp/dist/engram-mcp.js';
const NODE = '/usr/local/bin/node';

async function typePaths(server = SERVER, node = NODE) {
  fireEvent.change(await screen.findByLabelText('Where engram-mcp.js is on this computer'), {
    target: { value: server },
  });
  fireEvent.change(screen.getByLabelText('Where node is'), { target: { value: node } });
}

test('the switch is stored by the background; a new secret is shown once, and no configuration holds it', async () => {
  const { unmount } = render(<AgentsSection />);
  const box = await screen.findByLabelText('Let desktop apps use my memories');
  expect((box as HTMLInputElement).checked).toBe(false);
  fireEvent.click(box);
  await waitFor(async () => expect((await agentsItem.getValue()).enabled).toBe(true));
  await typePaths();
  fireEvent.click(screen.getByRole('button', { name: 'Make a secret' }));
  const shown = await screen.findByLabelText('Pairing secret');
  const stored = await agentsItem.getValue();
  expect((shown as HTMLTextAreaElement).value).toBe(stored.secret);
  expect(stored).toMatchObject({ serverPath: SERVER, nodePath: NODE });
  expect((screen.getByLabelText('Command that saves the secret') as HTMLTextAreaElement).value).toBe(
    `"${NODE}" "${SERVER}" pair`,
  );
  for (const app of ['Claude Desktop', 'Cursor', 'Claude Code']) {
    const config = (screen.getByLabelText(`Configuration for ${app}`) as HTMLTextAreaElement).value;
    expect(config).not.toContain(stored.secret!);
    expect(config).toContain(NODE);
  }
  unmount();
  // Shown once: the page opened again says a secret is in use and offers a new one, and shows none.
  render(<AgentsSection />);
  await screen.findByRole('button', { name: 'New secret' });
  expect(screen.queryByLabelText('Pairing secret')).toBeNull();
  expect(document.body.textContent).not.toContain(stored.secret!);
  // The configurations hold no secret, so they stay on view.
  expect(screen.getByLabelText('Configuration for Claude Desktop')).toBeTruthy();
});

test('New secret takes the one on screen away at the click: a secret about to be revoked is never there to copy (#34 item 10)', async () => {
  render(<AgentsSection />);
  await screen.findByLabelText('Let desktop apps use my memories');
  await typePaths();
  fireEvent.click(screen.getByRole('button', { name: 'Make a secret' }));
  const first = ((await screen.findByLabelText('Pairing secret')) as HTMLTextAreaElement).value;
  fireEvent.click(await screen.findByRole('button', { name: 'New secret' }));
  // Until the new one is made and in force, no secret is shown (the e2e copied the old one from here).
  expect(screen.queryByLabelText('Pairing secret')).toBeNull();
  const second = ((await screen.findByLabelText('Pairing secret')) as HTMLTextAreaElement).value;
  expect(second).not.toBe(first);
  expect(second).toBe((await agentsItem.getValue()).secret);
});

test('an empty, relative or ~ path is refused with what to type, and no secret is made (#34 item 10)', async () => {
  render(<AgentsSection />);
  await screen.findByLabelText('Let desktop apps use my memories');
  fireEvent.click(screen.getByRole('button', { name: 'Make a secret' }));
  expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toEqual([
    'Type where engram-mcp.js is on this computer.',
    'Type where node is on this computer.',
  ]);
  await typePaths('~/engram/mcp/dist/engram-mcp.js', 'node');
  fireEvent.click(screen.getByRole('button', { name: 'Make a secret' }));
  await waitFor(() =>
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      expect.stringMatching(/apps do not expand ~/),
      expect.stringMatching(/^Type the full path, from \//),
    ]),
  );
  expect((await agentsItem.getValue()).secret).toBeNull();
  expect(screen.queryByLabelText('Configuration for Claude Desktop')).toBeNull();
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

test('why a server was refused, in German and Japanese: a code, a line stored in English before, and one that is not Engram’s (#37)', async () => {
  const at = '2026-12-01T10:01:00.000Z';
  await agentsStatusItem.setValue({
    report: {
      links: [],
      refused: [
        { port: 47311, at, why: { code: 'oversize', chars: 70_000 } },
        { port: 47312, at, why: 'the server there timed out waiting for Engram’s proof' },
        { port: 47313, at, why: 'socket hang up' },
      ],
    },
    asked: [],
  });
  await switchLanguage('de');
  render(<AgentsSection />);
  const de = await screen.findByRole('list', { name: 'Abgewiesen' });
  expect(
    [...de.querySelectorAll('li')].map((li) => li.textContent?.replace(/^Port \d+, .+?: abgewiesen, /, '')),
  ).toEqual([
    'der Server hat einen Frame mit 70.000 Zeichen gesendet, mehr als Engram liest.',
    'beim Server dort ist die Zeit abgelaufen, während er auf Engrams Nachweis wartete.',
    '„socket hang up“.',
  ]);
  await act(() => switchLanguage('ja'));
  const ja = await screen.findByRole('list', { name: '拒否' });
  expect(ja.querySelector('li')?.textContent).toMatch(
    /^ポート 47311、.+：拒否、サーバーが Engram の読める量を超える 70,000 文字のフレームを送ってきました。$/,
  );
});
