// The consent window (#34 items 4 and 5): it says exactly what the app may read, and Allow works only after the
// window has been visible and focused for 500 ms in a row, so a window that appears under a click takes nothing.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { AskView } from '../../lib/model/agents';
import { sendMessage } from '../../lib/messaging/send';
import { i18n } from '../../lib/i18n/i18n';
import { AskApp, readsLabel } from './AskApp';

vi.mock('../../lib/messaging/send', () => ({ sendMessage: vi.fn() }));

const VIEW: AskView = {
  agent: 'Cursor',
  tool: 'search_memory',
  what: 'trip to Porto',
  reads: { scoped: false, pastChats: true, redacted: true },
  until: Date.now() + 30_000,
};

afterEach(() => vi.restoreAllMocks());

test('Allow waits for 500 ms of sight and focus; losing focus starts the wait again', async () => {
  // Fake time only: a loaded machine must not let half a second pass between two looks.
  vi.useFakeTimers();
  const focused = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  vi.mocked(sendMessage).mockResolvedValue({ ...VIEW, until: Date.now() + 30_000 });
  render(<AskApp ask="q1" />);
  await act(() => vi.advanceTimersByTimeAsync(0));
  const allow = screen.getByRole('button', { name: 'Allow' });
  expect((allow as HTMLButtonElement).disabled).toBe(true);
  await act(() => vi.advanceTimersByTimeAsync(300));
  expect((allow as HTMLButtonElement).disabled).toBe(true);
  // The window loses focus before the half second: the wait starts again when it comes back.
  focused.mockReturnValue(false);
  fireEvent.blur(window);
  await act(() => vi.advanceTimersByTimeAsync(400));
  expect((allow as HTMLButtonElement).disabled).toBe(true);
  focused.mockReturnValue(true);
  fireEvent.focus(window);
  await act(() => vi.advanceTimersByTimeAsync(499));
  expect((allow as HTMLButtonElement).disabled).toBe(true);
  await act(() => vi.advanceTimersByTimeAsync(2));
  expect((allow as HTMLButtonElement).disabled).toBe(false);
  expect((screen.getByRole('button', { name: 'Don’t allow' }) as HTMLButtonElement).disabled).toBe(false);
  vi.useRealTimers();
});

test('the window says exactly what the app may read', () => {
  expect(readsLabel(i18n.t, 'search_memory', VIEW.reads)).toBe(
    'If you allow it, the app gets the lines of your memories meant for everywhere (not those kept to one site or project), and quotes from your past chats outside projects, that match this text. Secrets are redacted, and nothing waiting in Review or in the Trash is given.',
  );
  expect(readsLabel(i18n.t, 'list_memories', { scoped: true, pastChats: false, redacted: false })).toBe(
    'If you allow it, the app gets your memories, those kept to one site or project included. Secrets are given as they are written (Settings → Redact secrets is off), and nothing waiting in Review or in the Trash is given.',
  );
});
