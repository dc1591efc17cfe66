import { beforeEach, expect, test } from 'vitest';
import { conversation, turn } from '../../test/helpers/records';
import { deleteDb } from './db';
import { saveCapture, turnsOf } from './conversations';

beforeEach(deleteDb);

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

test('after a regenerate, the old answer is marked superseded, never deleted, and can come back', async () => {
  await saveCapture({ conversation: conversation(), turns });
  const regenerated = turn({
    key: 'chatgpt:c1:t3',
    id: 't3',
    role: 'assistant',
    text: 'Hello again!',
    order: 1,
  });
  expect(await saveCapture({ conversation: conversation(), turns: [turns[0]!, regenerated] })).toBe(1);
  const stored = await turnsOf('chatgpt:c1');
  expect(stored.map((t) => [t.id, t.superseded])).toEqual([
    ['t1', false],
    ['t2', true],
    ['t3', false],
  ]);
  // The person switches back to the first answer (< 1/2 >): it is visible again, the other superseded.
  await saveCapture({ conversation: conversation(), turns });
  expect((await turnsOf('chatgpt:c1')).map((t) => [t.id, t.superseded])).toEqual([
    ['t1', false],
    ['t2', false],
    ['t3', true],
  ]);
});

test('a windowed page accumulates turns in order and supersedes nothing', async () => {
  const t = (n: number) =>
    turn({
      key: `chatgpt:c1:w${n}`,
      id: `w${n}`,
      text: `turn ${n}`,
      order: 0,
      role: n % 2 ? 'assistant' : 'user',
    });
  const window = (ns: number[]) => ns.map((n, i) => ({ ...t(n), order: i }));
  await saveCapture({ conversation: conversation(), turns: window([0, 1, 2]) }, false);
  await saveCapture({ conversation: conversation(), turns: window([2, 3, 4]) }, false);
  expect(await saveCapture({ conversation: conversation(), turns: window([3, 4]) }, false)).toBe(0);
  const stored = await turnsOf('chatgpt:c1');
  expect(stored.map((s) => [s.id, s.order, s.superseded])).toEqual([
    ['w0', 0, false],
    ['w1', 1, false],
    ['w2', 2, false],
    ['w3', 3, false],
    ['w4', 4, false],
  ]);
});

test('a re-read that changes nothing keeps the conversation time', async () => {
  await saveCapture({ conversation: conversation(), turns });
  const later = conversation({ updatedAt: '2027-01-01T00:00:00.000Z' });
  await saveCapture({ conversation: later, turns });
  const { getConversation } = await import('./conversations');
  expect((await getConversation('chatgpt:c1'))?.updatedAt).toBe(conversation().updatedAt);
});
