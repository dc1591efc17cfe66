import { expect, test } from 'vitest';
import { conversationKey, parseConversationKey, turnKey } from './keys';

test('a conversation key reads back as its site and id, whatever colons the id holds', () => {
  const key = conversationKey('claude', 'a:b');
  expect(key).toBe('claude:a:b');
  expect(parseConversationKey(key)).toEqual({ site: 'claude', id: 'a:b' });
  expect(turnKey(key, 't1')).toBe('claude:a:b:t1');
});

test('a string that is not a conversation key has no site', () => {
  for (const key of ['', 'chatgpt', ':x', 'bard:x', 'project:chatgpt:p1'])
    expect(parseConversationKey(key)).toBeNull();
});
