import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import type { RecallReply } from '../../lib/model/messages';
import { FRAME_BOOTED, FRAME_CLOSE, openMessage } from '../../lib/inject/frame';
import { FrameApp, PreviewFrame } from './PreviewFrame';
import { READY_MARK, type FrameChannels } from './frame-recall';

const ctx = { site: 'claude' as const, draft: 'Lisbon', recent: [], scope: null, conversationId: 'c1' };
const reply: RecallReply = {
  mode: 'draft',
  lines: [{ id: 'h', text: 'I live in Lisbon.', section: 'about', tokens: 6, day: null }],
  text: '<engram-memory>\n- I live in Lisbon.\n</engram-memory>',
  tokens: 50,
  budgetTokens: 600,
};

function channels(recall: FrameChannels['recall'] = async () => reply) {
  return {
    pageContext: vi.fn(async () => ctx),
    insertText: vi.fn(async () => ({ ok: true, message: 'Inserted.' })),
    closePreview: vi.fn(async () => ({ ok: true })),
    recall: vi.fn(recall),
  } satisfies FrameChannels;
}

afterEach(() => performance.clearMarks());

test('a dialog whose confirm takes focus when ready, and marks the moment for bench:recall', async () => {
  render(<PreviewFrame channels={channels()} />);
  const confirm = await screen.findByRole('button', { name: 'Insert 1 memory' });
  expect(screen.getByRole('dialog', { name: 'Memory to insert' })).toBeTruthy();
  expect(document.activeElement).toBe(confirm);
  expect(performance.getEntriesByName(READY_MARK)).toHaveLength(1);
});

test('Escape and Cancel ask the tab to close the frame', async () => {
  const c = channels();
  render(<PreviewFrame channels={c} />);
  await screen.findByRole('button', { name: 'Insert 1 memory' });
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(c.closePreview).toHaveBeenCalledTimes(1));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(c.closePreview).toHaveBeenCalledTimes(2));
});

test('confirm inserts the block into its tab, then closes', async () => {
  const c = channels();
  render(<PreviewFrame channels={c} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Insert 1 memory' }));
  await waitFor(() => expect(c.closePreview).toHaveBeenCalled());
  expect(c.insertText).toHaveBeenCalledWith(reply.text);
});

test('a worker that fails is said, with a way out', async () => {
  const c = channels(async () => Promise.reject(new Error('worker did not answer')));
  render(<PreviewFrame channels={c} />);
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Could not prepare the memory: worker did not answer',
  );
  expect(screen.queryByRole('button', { name: /^Insert/ })).toBeNull();
  expect(performance.getEntriesByName(READY_MARK)).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(c.closePreview).toHaveBeenCalled());
});

test('the warm frame asks for nothing until its content script opens it, and drops the memories on close', async () => {
  const c = channels();
  const post = vi.spyOn(window, 'postMessage');
  render(<FrameApp channels={c} />);
  expect(post).toHaveBeenCalledWith(FRAME_BOOTED, '*');
  // From anything but the parent window (here happy-dom's top window is its own parent), nothing opens.
  act(() => window.dispatchEvent(new MessageEvent('message', { data: openMessage(1), source: null })));
  expect(c.pageContext).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => window.dispatchEvent(new MessageEvent('message', { data: openMessage(1), source: window })));
  await screen.findByText('I live in Lisbon.');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByText('I live in Lisbon.')).toBeNull());
  expect(screen.queryByRole('dialog')).toBeNull();
  act(() => window.dispatchEvent(new MessageEvent('message', { data: openMessage(2), source: window })));
  await screen.findByText('I live in Lisbon.');
  expect(c.pageContext).toHaveBeenCalledTimes(2);
  post.mockRestore();
});

test('the lines are gone before the tab hides the frame, and when the page side hides it', async () => {
  const c = channels();
  let listedWhenAsked: boolean | null = null;
  c.closePreview.mockImplementation(async () => {
    listedWhenAsked = screen.queryByText('I live in Lisbon.') !== null;
    return { ok: true };
  });
  render(<FrameApp channels={c} />);
  let n = 0;
  const open = () =>
    act(() => window.dispatchEvent(new MessageEvent('message', { data: openMessage(++n), source: window })));
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Insert 1 memory' }));
  await waitFor(() => expect(c.closePreview).toHaveBeenCalledOnce());
  // A frame shown again right away must not offer the last preview's lines to click.
  expect(listedWhenAsked).toBe(false);
  open();
  await screen.findByText('I live in Lisbon.');
  act(() => window.dispatchEvent(new MessageEvent('message', { data: FRAME_CLOSE, source: window })));
  expect(screen.queryByText('I live in Lisbon.')).toBeNull();
});

test('the same open delivered twice (shown while booting, re-sent after the boot) keeps the removals', async () => {
  const c = channels(async (req) => ({ ...reply, lines: req.exclude.length ? [] : reply.lines }));
  render(<FrameApp channels={c} />);
  const send = (data: string) =>
    act(() => window.dispatchEvent(new MessageEvent('message', { data, source: window })));
  send(openMessage(1));
  await userEvent.click(await screen.findByRole('button', { name: /^Remove: I live in Lisbon/ }));
  await waitFor(() => expect(screen.queryByText('I live in Lisbon.')).toBeNull());
  send(openMessage(1));
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByText('I live in Lisbon.')).toBeNull();
  expect(c.recall.mock.calls.at(-1)?.[0].exclude).toEqual(['h']);
});
