import { beforeEach, describe, expect, test } from 'vitest';
import { chatgptMemories, fetchChatgptMemories } from '../sites/chatgpt/memories';
import { claudeMemories } from '../sites/claude/memories';
import { resetDbForTests } from '../store/db';
import { historyOf, listMemories } from '../store/memories';
import { importVendorMemories } from './vendor-memories';

beforeEach(resetDbForTests);

describe('reading vendor memories', () => {
  test('ChatGPT entries: id, content, updated_at; empty entries and unknown fields ignored', () => {
    const result = chatgptMemories({
      memories: [
        { id: 'mem-1', content: 'Lives in Porto.', updated_at: '2026-10-01T10:00:00Z', status: 'warm' },
        { id: 'mem-2', content: '  ', updated_at: null },
      ],
      memory_max_tokens: 10000,
    });
    expect(result).toEqual({
      ok: true,
      memories: [{ id: 'mem-1', text: 'Lives in Porto.', updatedAt: '2026-10-01T10:00:00.000Z' }],
    });
    expect(chatgptMemories({ items: [] }).ok).toBe(false);
  });

  test('ChatGPT memories are fetched with the session token', async () => {
    const paths: string[] = [];
    const result = await fetchChatgptMemories(async (path, headers) => {
      paths.push(`${path} ${headers.Authorization ?? ''}`);
      return path === '/api/auth/session'
        ? { accessToken: 't' }
        : { memories: [{ id: 'a', content: 'Vegan.' }] };
    }, '');
    expect(result.ok && result.memories.map((m) => m.text)).toEqual(['Vegan.']);
    expect(paths).toEqual([
      '/api/auth/session ',
      '/backend-api/memories?include_memory_entries=true Bearer t',
    ]);
  });

  test('Claude memory as a list or as one block of lines', () => {
    expect(claudeMemories({ memories: [{ uuid: 'u1', content: 'Plays cello.' }] })).toEqual({
      ok: true,
      memories: [{ id: 'u1', text: 'Plays cello.', updatedAt: null }],
    });
    const block = claudeMemories({ memory: '# Work\n- Teaches maths.\n\n- Runs marathons.' });
    expect(block.ok && block.memories.map((m) => m.text)).toEqual(['Teaches maths.', 'Runs marathons.']);
    expect(claudeMemories({ nope: 1 }).ok).toBe(false);
  });
});

describe('importing vendor memories', () => {
  const read = (text: string) => ({
    site: 'chatgpt',
    result: { ok: true, memories: [{ id: 'mem-1', text, updatedAt: '2026-10-01T10:00:00.000Z' }] },
  });

  test('become active memories with their source; again adds nothing; an edit updates', async () => {
    expect(await importVendorMemories(read('Lives in Porto.'))).toEqual({
      site: 'chatgpt',
      imported: 1,
      unchanged: 0,
    });
    expect(await importVendorMemories(read('Lives in Porto.'))).toEqual({
      site: 'chatgpt',
      imported: 0,
      unchanged: 1,
    });
    await importVendorMemories(read('Lives in Lisbon.'));
    const [memory] = await listMemories('active');
    expect(memory).toMatchObject({
      id: 'chatgpt-saved:mem-1',
      text: 'Lives in Lisbon.',
      mentionedAt: '2026-10-01T10:00:00.000Z',
      sources: [
        {
          site: 'chatgpt',
          conversationId: null,
          turnIds: [],
          url: 'https://chatgpt.com/backend-api/memories',
        },
      ],
    });
    expect(memory!.tokenCount).toBeGreaterThan(2);
    expect((await historyOf('chatgpt-saved:mem-1')).map((e) => [e.op, e.actor])).toEqual([
      ['add', 'import'],
      ['update', 'import'],
    ]);
  });

  test('a failed read or a bad reply from the page writes nothing and says why', async () => {
    await expect(
      importVendorMemories({ site: 'claude', result: { ok: false, reason: 'HTTP 403' } }),
    ).rejects.toThrow("Could not read Claude's saved memories: HTTP 403");
    await expect(
      importVendorMemories({ site: 'claude', result: { ok: true, memories: [{ id: '', text: 'x' }] } }),
    ).rejects.toThrow();
    expect(await listMemories('active')).toEqual([]);
  });
});
