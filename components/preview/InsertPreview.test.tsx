import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { RecallReply, RecallRequest } from '../../lib/model/messages';
import { InsertPreview } from './InsertPreview';

const ctx = { site: 'claude' as const, draft: 'dinner ideas', recent: [], scope: null, conversationId: 'c1' };
const LINES = [
  {
    id: 'r',
    text: 'Answer briefly.',
    section: 'standing' as const,
    tokens: 4,
    day: null,
    type: 'instruction' as const,
  },
  {
    id: 'v',
    text: 'I am vegetarian. <img src=x onerror=alert(1)>',
    section: 'about' as const,
    tokens: 14,
    day: null,
    type: 'preference' as const,
  },
];

function fakeRecall() {
  return vi.fn(async (req: RecallRequest): Promise<RecallReply> => {
    const lines = LINES.filter((l) => !req.exclude.includes(l.id));
    const tokens = 35 + lines.reduce((s, l) => s + l.tokens + 3, 0);
    return {
      mode: 'draft',
      lines,
      text: lines.map((l) => l.text).join('\n'),
      tokens,
      budgetTokens: req.budgetTokens ?? 600,
      leftOut: (req.budgetTokens ?? 600) < 300 ? 3 : 0,
    };
  });
}

test('lists the chosen memories with tokens and total, removes one, and inserts on confirm', async () => {
  const recall = fakeRecall();
  const insert = vi.fn(async () => ({ ok: true, message: 'Inserted.' }));
  render(<InsertPreview context={async () => ctx} recall={recall} insert={insert} />);
  expect(await screen.findByText('Answer briefly.')).toBeTruthy();
  expect(screen.getByText(/Standing instruction · 4 tokens/)).toBeTruthy();
  expect(screen.getByText(/Preference · 14 tokens/)).toBeTruthy();
  expect(screen.getByText('59 of 600 tokens · 2 memories')).toBeTruthy();
  // The lines (4 + 14) and the frame add up to the total (#16).
  expect(screen.getByText('18 for the memories + 41 for headings and markers')).toBeTruthy();
  expect(screen.getByRole('heading', { name: 'Memory to insert' })).toBeTruthy();
  expect(document.querySelector('img')).toBeNull();
  await userEvent.click(
    screen.getByRole('button', { name: 'Remove: I am vegetarian. <img src=x onerror=alert(1)>' }),
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'Insert 1 memory' })).toBeTruthy());
  expect(recall).toHaveBeenLastCalledWith({ ...ctx, budgetTokens: null, exclude: ['v'] });
  await userEvent.click(screen.getByRole('button', { name: 'Insert 1 memory' }));
  expect(insert).toHaveBeenCalledWith('Answer briefly.');
  expect((await screen.findByRole('status')).textContent).toBe('Inserted.');
});

test('the slider asks again with the new budget', async () => {
  const recall = fakeRecall();
  render(<InsertPreview context={async () => ctx} recall={recall} insert={vi.fn()} />);
  const slider = await screen.findByLabelText('Token budget');
  const { fireEvent } = await import('@testing-library/react');
  fireEvent.change(slider, { target: { value: '1200' } });
  await waitFor(() => expect(screen.getByText('59 of 1200 tokens · 2 memories')).toBeTruthy());
  expect(screen.getByText('1200 tokens')).toBeTruthy();
  fireEvent.change(slider, { target: { value: '200' } });
  expect(await screen.findByText(/3 matching memories left out: they do not fit the budget/)).toBeTruthy();
});

test('removing the last line explains why there is nothing to insert, and focus stays in the preview', async () => {
  render(<InsertPreview context={async () => ctx} recall={fakeRecall()} insert={vi.fn()} />);
  for (const name of [/^Remove: Answer/, /^Remove: I am/]) {
    await userEvent.click(await screen.findByRole('button', { name }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Memory to insert' }));
  }
  expect(await screen.findByText(/You removed every memory/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Insert/ })).toBeNull();
});

test('outside a chat tab it says so instead of offering to insert', async () => {
  render(<InsertPreview context={async () => null} recall={fakeRecall()} insert={vi.fn()} />);
  expect(
    await screen.findByText(
      'Open a chat on ChatGPT, Claude, Gemini, Perplexity, DeepSeek, Le Chat, Grok, Copilot, AI Studio, Qwen Chat, Kimi, or Meta AI, then try again.',
    ),
  ).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Insert/ })).toBeNull();
});

test('in the popup there is no Cancel and the confirm does not steal focus; a failed insert is said', async () => {
  const insert = vi.fn(async () => Promise.reject(new Error('tab closed')));
  render(<InsertPreview context={async () => ctx} recall={fakeRecall()} insert={insert} />);
  const confirm = await screen.findByRole('button', { name: 'Insert 2 memories' });
  expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  expect(document.activeElement).not.toBe(confirm);
  await userEvent.click(confirm);
  expect((await screen.findByRole('status')).textContent).toBe('Could not insert: “tab closed”');
});

test('with no model, the preview says memories come from past chats and how to add a model (#13)', async () => {
  const insert = vi.fn(async () => ({ ok: true, message: 'Inserted.' }));
  const { unmount } = render(
    <InsertPreview
      context={async () => ctx}
      recall={fakeRecall()}
      insert={insert}
      pastChatsOnly={async () => true}
    />,
  );
  expect(await screen.findByText(/memories come from your past chats/)).toBeTruthy();
  expect(screen.getByText(/choose one in Engram’s options, under Model/)).toBeTruthy();
  unmount();
  render(
    <InsertPreview
      context={async () => ctx}
      recall={fakeRecall()}
      insert={insert}
      pastChatsOnly={async () => false}
    />,
  );
  await screen.findByText('Answer briefly.');
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByText(/memories come from your past chats/)).toBeNull();
});

// #25 item 3: an assistant's excerpt was labelled "From a past chat" like the person's own words.
test("a past-chat line says where it is from, and an assistant's says it is a quoted answer", async () => {
  const past = (id: string, text: string, answer: boolean) => ({
    id,
    text,
    section: 'past' as const,
    tokens: 9,
    day: '2026-06-01',
    type: null,
    ...(answer ? { answer } : {}),
  });
  const lines = [
    past('me', 'Me: Cabin at Lake Bled.', false),
    past('ai', 'Quoted AI answer: "Bring a jacket."', true),
  ];
  const recall = vi.fn(async (): Promise<RecallReply> => ({
    mode: 'draft',
    lines,
    text: '',
    tokens: 60,
    budgetTokens: 600,
  }));
  render(<InsertPreview context={async () => ctx} recall={recall} insert={vi.fn()} />);
  expect(await screen.findByText('Me: Cabin at Lake Bled.')).toBeTruthy();
  expect(screen.getByText(/^From a past chat · 1 Jun 2026 · 9 tokens/)).toBeTruthy();
  expect(screen.getByText(/^Quoted AI answer, from a past chat · 1 Jun 2026 · 9 tokens/)).toBeTruthy();
});
