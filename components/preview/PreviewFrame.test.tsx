import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { PreviewOpen, RecallReply } from '../../lib/model/messages';
import { FrameApp, PreviewFrame, type FrameLink } from './PreviewFrame';
import { READY_MARK, type FrameChannels } from './frame-recall';
import { LOOK_MARK } from './looks';

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
    insertText: vi.fn(async () => ({ ok: true, message: 'Inserted.' })),
    closePreview: vi.fn(async () => ({ ok: true })),
    recall: vi.fn(recall),
  } satisfies FrameChannels;
}

/** happy-dom has no IntersectionObserver: one that reports the target fully in view (and visible) at once. */
class InView {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    const entry = { target, isIntersecting: true, intersectionRatio: 1, isVisible: true };
    this.callback([entry as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', InView));
afterEach(() => {
  performance.clearMarks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function link(reply: { ok: boolean; open: PreviewOpen | null } = { ok: true, open: null }) {
  let handle: Parameters<FrameLink['onOrder']>[0] = () => undefined;
  const l = {
    hello: vi.fn(async () => reply),
    onOrder: vi.fn((h: typeof handle) => ((handle = h), () => undefined)),
  } satisfies FrameLink;
  return { link: l, order: (o: Parameters<typeof handle>[0]) => act(() => handle(o)) };
}
const open = (n: number) => ({ kind: 'open' as const, open: { n, context: ctx } });

test('a dialog that takes focus itself, never on its confirm, and marks ready for bench:recall (#11)', async () => {
  render(<PreviewFrame channels={channels()} context={ctx} />);
  const confirm = await screen.findByRole('button', { name: 'Insert 1 memory' });
  const dialog = screen.getByRole('dialog', { name: 'Memory to insert' });
  expect(document.activeElement).toBe(dialog);
  expect(document.activeElement).not.toBe(confirm);
  expect(performance.getEntriesByName(READY_MARK)).toHaveLength(1);
});

test('the confirm is enabled only after the frame has been plainly on screen for a moment', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  render(<PreviewFrame channels={channels()} context={ctx} />);
  const confirm = await screen.findByRole('button', { name: 'Insert 1 memory' });
  expect((confirm as HTMLButtonElement).disabled).toBe(true);
  await act(async () => vi.advanceTimersByTime(500));
  expect((confirm as HTMLButtonElement).disabled).toBe(false);
});

test('a confirm that is covered or faded (IntersectionObserver v2 isVisible false) never enables', async () => {
  class Covered extends InView {
    constructor(cb: IntersectionObserverCallback) {
      super((entries, o) => cb([{ ...entries[0]!, isVisible: false } as IntersectionObserverEntry], o));
    }
  }
  vi.stubGlobal('IntersectionObserver', Covered);
  const proto = (globalThis.IntersectionObserverEntry ??= function Entry() {} as never).prototype as object;
  Object.defineProperty(proto, 'isVisible', { value: false, configurable: true });
  render(<PreviewFrame channels={channels()} context={ctx} />);
  const confirm = await screen.findByRole('button', { name: 'Insert 1 memory' });
  await new Promise((r) => setTimeout(r, 700));
  expect((confirm as HTMLButtonElement).disabled).toBe(true);
  // Each look is recorded for the e2e suite to wait on (looks.ts): this one saw the frame not plainly visible.
  expect((performance.getEntriesByName(LOOK_MARK).at(-1) as PerformanceMark | undefined)?.detail).toBe(false);
  delete (proto as { isVisible?: boolean }).isVisible;
});

test('Escape and Cancel ask the tab to close the frame', async () => {
  const c = channels();
  render(<PreviewFrame channels={c} context={ctx} />);
  await screen.findByRole('button', { name: 'Insert 1 memory' });
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(c.closePreview).toHaveBeenCalledTimes(1));
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(c.closePreview).toHaveBeenCalledTimes(2));
});

test('confirm inserts the block into its tab, then closes', async () => {
  const c = channels();
  render(<PreviewFrame channels={c} context={ctx} />);
  const confirm = await screen.findByRole('button', { name: 'Insert 1 memory' });
  await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false), { timeout: 2000 });
  await userEvent.click(confirm);
  await waitFor(() => expect(c.closePreview).toHaveBeenCalled());
  expect(c.insertText).toHaveBeenCalledWith(reply.text);
});

test('a worker that fails is said, with a way out', async () => {
  const c = channels(async () => Promise.reject(new Error('worker did not answer')));
  render(<PreviewFrame channels={c} context={ctx} />);
  expect((await screen.findByRole('alert')).textContent).toBe(
    'Could not prepare the memory: “worker did not answer”',
  );
  expect(screen.queryByRole('button', { name: /^Insert/ })).toBeNull();
  expect(performance.getEntriesByName(READY_MARK)).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(c.closePreview).toHaveBeenCalled());
});

test('a frame the background does not know (a page copy of preview.html) shows nothing, whatever it is told', async () => {
  const c = channels();
  const { link: l, order } = link({ ok: false, open: null });
  const { container } = render(<FrameApp channels={c} link={l} />);
  await waitFor(() => expect(l.hello).toHaveBeenCalledOnce());
  order(open(1));
  await new Promise((r) => setTimeout(r, 30));
  expect(container.childNodes).toHaveLength(0);
  expect(c.recall).not.toHaveBeenCalled();
});

test('the registered frame opens on an order (or the one handed over at hello), and drops the lines on close', async () => {
  const c = channels();
  const { link: l, order } = link({ ok: true, open: { n: 1, context: ctx } });
  render(<FrameApp channels={c} link={l} />);
  await screen.findByText('I live in Lisbon.');
  order({ kind: 'close' });
  expect(screen.queryByText('I live in Lisbon.')).toBeNull();
  order(open(2));
  await screen.findByText('I live in Lisbon.');
  expect(c.recall).toHaveBeenCalledTimes(2);
});

test('the lines are gone before the tab hides the frame', async () => {
  const c = channels();
  let listedWhenAsked: boolean | null = null;
  c.closePreview.mockImplementation(async () => {
    listedWhenAsked = screen.queryByText('I live in Lisbon.') !== null;
    return { ok: true };
  });
  const { link: l, order } = link();
  render(<FrameApp channels={c} link={l} />);
  await waitFor(() => expect(l.hello).toHaveBeenCalled());
  order(open(1));
  const confirm = await screen.findByRole('button', { name: 'Insert 1 memory' });
  await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false), { timeout: 2000 });
  await userEvent.click(confirm);
  await waitFor(() => expect(c.closePreview).toHaveBeenCalledOnce());
  // A frame shown again right away must not offer the last preview's lines to click.
  expect(listedWhenAsked).toBe(false);
});

test('the same open delivered twice keeps the removals', async () => {
  const c = channels(async (req) => ({ ...reply, lines: req.exclude.length ? [] : reply.lines }));
  const { link: l, order } = link();
  render(<FrameApp channels={c} link={l} />);
  await waitFor(() => expect(l.hello).toHaveBeenCalled());
  order(open(1));
  await userEvent.click(await screen.findByRole('button', { name: /^Remove: I live in Lisbon/ }));
  await waitFor(() => expect(screen.queryByText('I live in Lisbon.')).toBeNull());
  order(open(1));
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByText('I live in Lisbon.')).toBeNull();
  expect(c.recall.mock.calls.at(-1)?.[0].exclude).toEqual(['h']);
});

test('Tab and Shift+Tab stay inside the open preview (#16: Tab from Cancel left for the prompt box)', async () => {
  render(<PreviewFrame channels={channels()} context={ctx} />);
  await screen.findByRole('button', { name: 'Insert 1 memory' });
  const cancel = screen.getByRole('button', { name: 'Cancel' });
  cancel.focus();
  await userEvent.tab();
  const dialog = screen.getByRole('dialog', { name: 'Memory to insert' });
  expect(dialog.contains(document.activeElement)).toBe(true);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Remove/ }));
  await userEvent.tab({ shift: true });
  expect(document.activeElement).toBe(cancel);
});
