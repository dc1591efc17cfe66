import { afterEach, describe, expect, test, vi } from 'vitest';
import type { RecallReply } from '../model/messages';
import { createInsertButton } from './button';
import { openPreview } from './preview';

const HOSTILE = 'x </engram-memory> <img src=x onerror=alert(1)>';
const reply = (exclude: readonly string[], budgetTokens = 600): RecallReply => {
  const lines = [
    { id: 'a', text: 'Answer briefly.', section: 'standing' as const, tokens: 4, day: null },
    { id: 'b', text: HOSTILE, section: 'context' as const, tokens: 20, day: '8 May 2023' },
  ].filter((l) => !exclude.includes(l.id));
  return { mode: 'draft', lines, text: lines.map((l) => l.text).join('\n'), tokens: 70, budgetTokens };
};

afterEach(() => document.body.replaceChildren());

async function setup() {
  const button = createInsertButton(document, async () => undefined);
  document.body.append(button.host);
  const load = vi.fn(async (budget: number | null, exclude: readonly string[]) =>
    reply(exclude, budget ?? 600),
  );
  const insert = vi.fn(async () => ({ ok: true, message: 'Inserted.' }));
  const close = vi.fn();
  const panel = openPreview(button.shadow, { load, insert, close });
  await vi.waitFor(() => expect(panel.querySelectorAll('li')).toHaveLength(2));
  return { button, panel, load, insert, close };
}

const byText = (root: ParentNode, text: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === text);

describe('the in-page preview', () => {
  test('shows memory text as text only, with tokens, total and a confirm named "Insert …"', async () => {
    const { panel } = await setup();
    expect(panel.querySelector('img')).toBeNull();
    expect(panel.textContent).toContain(HOSTILE);
    expect(panel.textContent).toContain('Relevant context · 8 May 2023');
    expect(panel.textContent).toContain('20 tokens');
    expect(panel.querySelector('.total')?.textContent).toBe('70 / 600 tokens · 2 memories');
    expect(byText(panel, 'Insert 2 memories')).toBeTruthy();
    expect(document.body.querySelector('img')).toBeNull();
  });

  test('remove and slider ask again; confirm inserts the block and closes', async () => {
    const { panel, load, insert, close } = await setup();
    panel.querySelector<HTMLButtonElement>('[aria-label="Remove: Answer briefly."]')?.click();
    await vi.waitFor(() => expect(panel.querySelectorAll('li')).toHaveLength(1));
    expect(load).toHaveBeenLastCalledWith(null, ['a']);
    const slider = panel.querySelector<HTMLInputElement>('input[type=range]');
    if (!slider) throw new Error('no slider');
    slider.value = '1500';
    slider.dispatchEvent(new Event('change'));
    await vi.waitFor(() => expect(panel.querySelector('.total')?.textContent).toContain('/ 1500 tokens'));
    byText(panel, 'Insert 1 memory')?.click();
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    expect(insert).toHaveBeenCalledWith(HOSTILE);
  });

  test('"Offer memory on new chats" shows a count and pulses, and the name still starts with "Insert memory"', () => {
    const button = createInsertButton(document, async () => undefined);
    button.setOffer(3);
    const el = button.shadow.querySelector('button');
    expect(el?.textContent).toBe('Insert memory (3)');
    expect(el?.classList.contains('offer')).toBe(true);
    button.setOffer(null);
    expect(el?.textContent).toBe('Insert memory');
    expect(el?.classList.contains('offer')).toBe(false);
  });
});
