import { beforeEach, expect, test } from 'vitest';
import { conversation, turn } from '../../test/helpers/records';
import { resetDbForTests } from './db';
import { saveCapture, turnsOf } from './conversations';

beforeEach(resetDbForTests);

const turns = [turn(), turn({ key: 'chatgpt:c1:t2', id: 't2', role: 'assistant', text: 'Hi!', order: 1 })];

test('re-capturing the same conversation adds nothing', async () => {
  expect(await saveCapture({ conversation: conversation(), turns })).toBe(2);
  expect(await saveCapture({ conversation: conversation(), turns })).toBe(0);
  expect(await turnsOf('chatgpt:c1')).toHaveLength(2);
});

test('a changed turn is rewritten but keeps its first capture time', async () => {
  await saveCapture({ conversation: conversation(), turns });
  const edited = { ...turns[1]!, text: 'Hi there!', capturedAt: '2026-11-02T00:00:00.000Z' };
  expect(await saveCapture({ conversation: conversation(), turns: [turns[0]!, edited] })).toBe(1);
  const stored = await turnsOf('chatgpt:c1');
  expect(stored.map((t) => t.text)).toEqual(['Hello', 'Hi there!']);
  expect(stored[1]?.capturedAt).toBe(turns[1]!.capturedAt);
});

test('turns come back in page order, only for their conversation', async () => {
  await saveCapture({ conversation: conversation(), turns: [...turns].reverse() });
  await saveCapture({
    conversation: conversation({ key: 'claude:x', site: 'claude', id: 'x' }),
    turns: [turn({ key: 'claude:x:a', conversationKey: 'claude:x', id: 'a' })],
  });
  expect((await turnsOf('chatgpt:c1')).map((t) => t.id)).toEqual(['t1', 't2']);
});
