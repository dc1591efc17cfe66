import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { sendMessage } from '../lib/messages';
import { loadExport } from '../test/fixtures/exports/load';
import { ImportData, readInline } from './ImportData';

vi.mock('../lib/messages', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
afterEach(() => send.mockReset());

const file = (text: string) => new File([text], 'conversations.json', { type: 'application/json' });

test('"Import" detects a ChatGPT export, writes it through the background and reports', async () => {
  send.mockResolvedValue({ conversations: 1, turns: 4, memories: 0 });
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
    'Import failed: This file is not an Engram, ChatGPT or Claude export.',
  );
  expect(send).not.toHaveBeenCalled();
});
