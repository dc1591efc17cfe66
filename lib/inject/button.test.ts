import { expect, test } from 'vitest';
import { createInsertButton } from './button';

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
