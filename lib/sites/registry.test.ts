import { expect, test } from 'vitest';
import { Site } from '../model/site';
import { SITE_HOSTS } from '../model/site-hosts';
import { MATCH_PATTERNS, SITES, siteForHost, siteInfo } from './registry';

test('the Site enum is the registry, and every host has a match pattern', () => {
  expect(Site.options).toEqual(SITES.map((s) => s.site));
  for (const [site, hosts] of Object.entries(SITE_HOSTS)) {
    expect(siteInfo(site as Site).site).toBe(site);
    expect(siteInfo(site as Site).hosts).toBe(hosts);
    for (const host of hosts) expect(MATCH_PATTERNS).toContain(`https://${host}/*`);
  }
  expect(new Set(Object.values(SITE_HOSTS).flat()).size).toBe(Object.values(SITE_HOSTS).flat().length);
});

test('hosts match exactly, never by substring', () => {
  expect(siteForHost('chatgpt.com')).toBe('chatgpt');
  expect(siteForHost('claude.ai')).toBe('claude');
  expect(siteForHost('gemini.google.com')).toBe('gemini');
  expect(siteForHost('www.perplexity.ai')).toBe('perplexity');
  expect(siteForHost('chat.deepseek.com')).toBe('deepseek');
  expect(siteForHost('chat.mistral.ai')).toBe('lechat');
  expect(siteForHost('claude.ai.evil.com')).toBeNull();
  expect(siteForHost('notchatgpt.com')).toBeNull();
  expect(siteForHost('google.com')).toBeNull();
  expect(siteForHost('example.com')).toBeNull();
});

test('conversation ids come from the URL shapes each site uses', () => {
  const chatgpt = siteInfo('chatgpt');
  const claude = siteInfo('claude');
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
  const id = (site: Site, href: string) => siteInfo(site).conversationId(new URL(href));
  expect(id('perplexity', 'https://www.perplexity.ai/search/porto-trip-x1Y2AbCdEfGh')).toBe(
    'porto-trip-x1Y2AbCdEfGh',
  );
  expect(id('deepseek', 'https://chat.deepseek.com/a/chat/s/6f0d2c1e-3333-4a2b')).toBe('6f0d2c1e-3333-4a2b');
  expect(id('lechat', 'https://chat.mistral.ai/chat/6f0d2c1e-4444-4a2b')).toBe('6f0d2c1e-4444-4a2b');
  expect(id('perplexity', 'https://www.perplexity.ai/spaces/rushcut-14QGVXOgTrmD7SY16xlKRA')).toBeNull();
});
