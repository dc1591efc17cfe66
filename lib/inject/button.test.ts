import { beforeEach, expect, test } from 'vitest';
import { page } from '../../locales/en.json';
import { page as ja } from '../../locales/ja.json';
import { createInsertButton } from './button';
import { setPageWords } from './words';

beforeEach(() => setPageWords(page));

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

test('the label follows the language the background tells, count included, without a new button (#37)', () => {
  const button = createInsertButton(document, async () => undefined);
  button.setOffer(2);
  setPageWords(ja);
  button.relabel();
  expect(button.shadow.querySelector('button')?.textContent).toBe('メモリーを挿入（2）');
});
