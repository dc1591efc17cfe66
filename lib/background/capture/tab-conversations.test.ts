import { beforeEach, expect, test } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetTab, leftConversation, rememberTab } from './tab-conversations';

beforeEach(() => fakeBrowser.reset());

test('closing a tab hands back the conversation it showed, once', async () => {
  await rememberTab(4, 'claude:abc');
  expect(await forgetTab(4)).toBe('claude:abc');
  expect(await forgetTab(4)).toBeUndefined();
});

test('navigating within a conversation keeps it; leaving it settles it', async () => {
  await rememberTab(4, 'claude:abc');
  expect(await leftConversation(4, 'https://claude.ai/chat/abc?x=1')).toBeUndefined();
  expect(await leftConversation(4, 'https://claude.ai/new')).toBe('claude:abc');
  expect(await leftConversation(4, 'https://claude.ai/chat/other')).toBeUndefined();
});
