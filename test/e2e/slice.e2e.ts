// The skeleton's vertical slice (#2): page -> capture -> store -> export, and options -> memory -> insert.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fixture, launch, openOptions, servePage, type Harness } from './harness';
import { exportAll, exportUntil } from './export';
import { addMemories } from './options';
import { clickInsert, confirmPreview } from './preview';
import { openWhereJsonFails } from './records';
import { chatgpt, claude, serveSite } from './sites';

const SITES = [
  {
    site: 'chatgpt',
    url: 'https://chatgpt.com/c/6f0d2c1e-1111-4a2b-9c3d-000000000001',
    page: 'pages/chatgpt-older.html',
    composer: '#prompt-textarea',
    firstUser: 'How do I reverse a list in Python\nwithout changing the original?',
    secondUser: 'What is the area of a circle with radius 3?',
  },
  {
    site: 'claude',
    url: 'https://claude.ai/chat/6f0d2c1e-2222-4a2b-9c3d-000000000002',
    page: 'pages/claude-older.html',
    composer: '[data-testid="chat-input"]',
    firstUser: 'Show me the last five commits.\n\nOne line each, please.',
    secondUser: 'What is the area of a circle with radius 3?',
  },
] as const;

let h: Harness;
beforeAll(async () => {
  h = await launch();
  for (const site of [chatgpt, claude]) await serveSite(h.context, site);
  for (const s of SITES) await servePage(h.context, s.url, fixture(s.page));
});
afterAll(async () => h?.close());

describe('vertical slice', () => {
  test.each(SITES)('$site: opening a conversation stores its turns, visible in the export', async (s) => {
    const id = new URL(s.url).pathname.split('/').pop() ?? '';
    // The slice reads the page. Claude's page is read only for a chat its JSON confirmed once (#34): its JSON
    // answers first, with no turns, then fails as in a site change; ChatGPT's JSON fails from the start.
    const site = s.site === 'claude' ? claude : chatgpt;
    const chat = await openWhereJsonFails(h.context, site, id, 'abort', fixture(s.page), s.url);
    const options = await openOptions(h);
    const { name, data } = await exportUntil(options, (d) =>
      d.conversations.some((c) => c.id === id && c.turns.length === 4),
    );
    expect(name).toMatch(/^engram-export-\d{4}-\d{2}-\d{2}\.json$/);
    const conversation = data.conversations.find((c) => c.site === s.site && c.id === id);
    expect(conversation?.url).toBe(s.url);
    const roles = conversation?.turns.map((t) => t.role);
    console.log(`${s.site}: stored ${roles?.length} turns (${roles?.join(', ')})`);
    expect(roles).toEqual(['user', 'assistant', 'user', 'assistant']);
    const users = conversation?.turns.filter((t) => t.role === 'user').map((t) => t.text);
    expect(users).toEqual([s.firstUser, s.secondUser]);
    expect(conversation?.turns.every((t) => t.text.length > 0 && !t.text.includes('Copy'))).toBe(true);
    await Promise.all([chat.close(), options.close()]);
  });

  test('a memory added in options is inserted into each composer by "Insert memory"', async () => {
    const options = await openOptions(h);
    await addMemories(options, ['I live in Lisbon and work as a marine biologist.']);
    expect(await options.getByText('I live in Lisbon').count()).toBe(1);
    for (const s of SITES) {
      const chat = await h.context.newPage();
      await chat.goto(s.url);
      // Since #5 recall ranks by relevance: the draft is the query, and a preview waits for the confirm.
      await chat.locator(s.composer).click();
      await chat.keyboard.type('Moving to Lisbon');
      await clickInsert(chat);
      // The preview is an extension frame beside the button since #5's follow-up (lib/inject/frame.ts).
      await confirmPreview(chat);
      const composer = chat.locator(s.composer);
      await expect
        .poll(() => composer.textContent())
        .toContain('I live in Lisbon and work as a marine biologist.');
      expect(await composer.textContent()).toContain('<engram-memory>');
      await chat.close();
    }
    const { data } = await exportAll(options);
    expect(data.memories.map((m) => m.text)).toEqual(['I live in Lisbon and work as a marine biologist.']);
    expect(data.memories[0]?.history.map((e) => e.op)).toEqual(['add']);
    expect(data.memories[0]?.tokenCount).toBeGreaterThan(5);
  });
});
