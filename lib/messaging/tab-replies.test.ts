import { expect, test } from 'vitest';
import { insertReply, pageContextReply } from './tab-replies';

test('a tab reply that is not a page context or an insert result is refused, not passed on', () => {
  const ctx = { site: 'claude', draft: 'hi', recent: [], scope: null, conversationId: null };
  expect(pageContextReply(ctx)).toEqual(ctx);
  expect(pageContextReply({ ...ctx, site: 'evil.example' })).toBeNull();
  expect(pageContextReply(undefined)).toBeNull();
  expect(insertReply({ ok: true, message: 'Inserted.' })).toEqual({ ok: true, message: 'Inserted.' });
  expect(insertReply({ ok: 'yes' })).toEqual({ ok: false, message: 'The chat page gave no answer.' });
});
