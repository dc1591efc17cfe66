import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { switchLanguage } from '../../lib/i18n/i18n';
import { sendMessage } from '../../lib/messaging/send';
import { loadExport } from '../../test/fixtures/exports/load';
import { ImportData, readInline } from './ImportData';

vi.mock('../../lib/messaging/send', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
afterEach(() => send.mockReset());

const file = (text: string) => new File([text], 'conversations.json', { type: 'application/json' });

test('"Import" detects a ChatGPT export, writes it through the background and reports', async () => {
  send.mockResolvedValue({ conversations: 1, turns: 4, memories: 0, kept: 0, refused: [] });
  render(<ImportData read={readInline} />);
  await userEvent.upload(
    screen.getByLabelText('Import'),
    file(JSON.stringify(loadExport('chatgpt-export-2025.json'))),
  );
  expect((await screen.findByRole('status')).textContent).toContain(
    'Imported 1 conversation, 4 new turns and 0 memories from a ChatGPT export.',
  );
  expect(screen.getByText('Temporary thing: marked do-not-remember')).toBeTruthy();
  expect(send).toHaveBeenCalledWith('importChunk', expect.objectContaining({ exact: false }));
});

test('a foreign file gets a clear error and nothing is sent', async () => {
  render(<ImportData read={readInline} />);
  await userEvent.upload(screen.getByLabelText('Import'), file('{"rows":[1,2,3]}'));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Import failed: This file is not an Engram, ChatGPT, Claude, DeepSeek, or AI Studio export.',
  );
  expect(send).not.toHaveBeenCalled();
});

test('why a file cannot be imported is said in German, the sites listed as German lists them (#37)', async () => {
  await switchLanguage('de');
  render(<ImportData read={readInline} />);
  await userEvent.upload(screen.getByLabelText('Importieren'), file('not json'));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Import fehlgeschlagen: Diese Datei ist kein JSON: Wähle einen Export von Engram, ChatGPT, Claude, DeepSeek oder AI Studio.',
  );
});

test('records the background refused are listed with the reason, and kept ones are counted (#12)', async () => {
  const refused = [
    { what: 'Conversation “Bad” (bad)', reason: 'url must be an https address on the site’s own host' },
  ];
  send.mockResolvedValue({ conversations: 1, turns: 1, memories: 0, kept: 2, refused });
  render(<ImportData read={readInline} />);
  const data = {
    format: 'engram',
    version: 1,
    exportedAt: '2026-11-29T12:00:00.000Z',
    conversations: [{}],
    memories: [],
  };
  await userEvent.upload(screen.getByLabelText('Import'), file(JSON.stringify(data)));
  const status = await screen.findByRole('status');
  expect(status.textContent).toContain('Kept 2 records already stored as they are or newer');
  expect(status.textContent).toContain('Refused 1 record: nothing stored was changed by it');
  expect(
    screen.getByText('Conversation “Bad” (bad): url must be an https address on the site’s own host'),
  ).toBeTruthy();
});

test('a file imported again says so, instead of "Imported 4 conversations, 0 new turns" (#16)', async () => {
  send.mockResolvedValue({
    conversations: 0,
    turns: 0,
    memories: 0,
    held: 0,
    kept: 1,
    refused: [],
    progress: 0,
    jobs: 0,
    usage: 0,
  });
  render(<ImportData read={readInline} />);
  await userEvent.upload(
    screen.getByLabelText('Import'),
    file(JSON.stringify(loadExport('chatgpt-export-2025.json'))),
  );
  expect((await screen.findByRole('status')).textContent).toContain(
    'This file, a ChatGPT export, was already imported: it holds nothing new.',
  );
  expect(screen.queryByText(/^Imported/)).toBeNull();
  expect(screen.queryByText(/^Kept/)).toBeNull();
});

test('a large export shows how many records are stored so far while it imports (#13)', async () => {
  const { conversation } = await import('../../bench/lib/history');
  const history = Array.from({ length: 60 }, (_, c) => conversation(c, 3));
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  send.mockImplementation(async (_type, chunk) => {
    await held;
    const n = (chunk as { conversations: unknown[] }).conversations.length;
    return { conversations: n, turns: 0, memories: 0, kept: 0, refused: [] };
  });
  render(<ImportData read={readInline} />);
  await userEvent.upload(screen.getByLabelText('Import'), file(JSON.stringify(history)));
  expect(await screen.findByText(/0 of 60 records stored/)).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('max')).toBe('60');
  release();
  expect(await screen.findByText(/^Imported 60 conversations/)).toBeTruthy();
});

test('while an import runs the file input keeps focus (aria-disabled, not disabled), says so and ignores a second file (#16)', async () => {
  send.mockResolvedValue({ conversations: 1, turns: 4, memories: 0, kept: 0, refused: [] });
  let finish = () => {};
  const held = new Promise<void>((resolve) => (finish = resolve));
  const read = vi.fn(async (f: File) => (await held, readInline(f)));
  render(<ImportData read={read} />);
  const input = screen.getByLabelText('Import') as HTMLInputElement;
  input.focus();
  const data = JSON.stringify(loadExport('chatgpt-export-2025.json'));
  await userEvent.upload(input, file(data));
  await waitFor(() => expect(input.getAttribute('aria-disabled')).toBe('true'));
  expect(input.disabled).toBe(false);
  expect(document.activeElement).toBe(input);
  expect(screen.getByRole('status').textContent).toBe('Importing conversations.json…');
  // A second file while the first runs is not read; nor does a click open the file picker.
  await userEvent.upload(input, file(data));
  expect(read).toHaveBeenCalledTimes(1);
  const click = new MouseEvent('click', { bubbles: true, cancelable: true });
  input.dispatchEvent(click);
  expect(click.defaultPrevented).toBe(true);
  finish();
  expect((await screen.findByText(/^Imported 1 conversation/)).textContent).toContain(
    'from a ChatGPT export',
  );
  expect(input.getAttribute('aria-disabled')).toBeNull();
  expect(document.activeElement).toBe(input);
});

test('memories a file holds for Review are counted, and the page says why (#25)', async () => {
  send.mockResolvedValue({
    ...{ conversations: 0, turns: 0, memories: 4, held: 3, kept: 0, refused: [] },
    ...{ progress: 0, jobs: 0, usage: 0 },
  });
  render(<ImportData read={readInline} />);
  // Its memories alone: one chunk, one reply.
  const { memories } = loadExport('hostile-engram.json') as { memories: unknown[] };
  const data = {
    format: 'engram',
    version: 1,
    exportedAt: '2026-11-29T12:00:00.000Z',
    conversations: [],
    memories,
  };
  await userEvent.upload(screen.getByLabelText('Import'), file(JSON.stringify(data)));
  expect((await screen.findByRole('status')).textContent).toContain(
    '3 memories wait in Review: a file is not you, so its standing rules, pinned memories and links, and its changes to memories you own, are yours to approve.',
  );
});
