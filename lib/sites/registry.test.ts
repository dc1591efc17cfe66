import { expect, test } from 'vitest';
import { ADAPTERS, adapterForHost } from './adapters';
import { MATCH_PATTERNS, SITE_HOSTS, siteForHost } from './registry';

test('every registered site has an adapter, and every host a match pattern', () => {
  for (const [site, hosts] of Object.entries(SITE_HOSTS)) {
    expect(ADAPTERS[site as keyof typeof ADAPTERS].site).toBe(site);
    for (const host of hosts) expect(MATCH_PATTERNS).toContain(`https://${host}/*`);
  }
});

test('hosts match exactly, never by substring', () => {
  expect(siteForHost('chatgpt.com')).toBe('chatgpt');
  expect(siteForHost('claude.ai')).toBe('claude');
  expect(siteForHost('claude.ai.evil.com')).toBeNull();
  expect(siteForHost('notchatgpt.com')).toBeNull();
  expect(adapterForHost('example.com')).toBeNull();
});

test('conversation ids come from the URL shapes each site uses', () => {
  const { chatgpt, claude } = ADAPTERS;
  expect(chatgpt.conversationId(new URL('https://chatgpt.com/c/6f0d2c1e-1111-4a2b'))).toBe(
    '6f0d2c1e-1111-4a2b',
  );
  expect(chatgpt.conversationId(new URL('https://chatgpt.com/g/g-p-abc/c/6f0d2c1e-2222'))).toBe(
    '6f0d2c1e-2222',
  );
  expect(chatgpt.conversationId(new URL('https://chatgpt.com/'))).toBeNull();
  expect(chatgpt.isPrivate(new URL('https://chatgpt.com/?temporary-chat=true'))).toBe(true);
  expect(claude.conversationId(new URL('https://claude.ai/chat/6f0d2c1e-2222-4a2b'))).toBe(
    '6f0d2c1e-2222-4a2b',
  );
  expect(claude.conversationId(new URL('https://claude.ai/new'))).toBeNull();
});
