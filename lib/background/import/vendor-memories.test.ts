import { beforeEach, describe, expect, test } from 'vitest';
import { chatgptMemories, fetchChatgptMemories } from '../../sites/chatgpt/memories';
import { claudeMemories } from '../../sites/claude/memories';
import { deleteDb } from '../../store/db';
import { getMemory, historyOf, listMemories } from '../../store/memories';
import { pendingProposals } from '../../store/views';
import { deleteUserMemory } from '../memories/typed-memories';
import { setPinned, updateMemory } from '../memories/memory-edits';
import { approveMemory, rejectMemory } from '../memories/review-decisions';
import { importVendorMemories } from './vendor-memories';

beforeEach(deleteDb);

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

  test('a ChatGPT date in seconds is read, and a date of another type is no date, never a refusal', () => {
    const result = chatgptMemories({
      memories: [
        { id: 'a', content: 'Vegan.', updated_at: 1_790_000_000 },
        { id: 'b', content: 'Runs.', updated_at: { when: 'yesterday' } },
      ],
    });
    expect(result).toEqual({
      ok: true,
      memories: [
        { id: 'a', text: 'Vegan.', updatedAt: new Date(1_790_000_000_000).toISOString() },
        { id: 'b', text: 'Runs.', updatedAt: null },
      ],
    });
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
      held: 0,
    });
    expect(await importVendorMemories(read('Lives in Porto.'))).toEqual({
      site: 'chatgpt',
      imported: 0,
      unchanged: 1,
      held: 0,
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
    ).rejects.toMatchObject({ problem: { code: 'vendor-unreadable', site: 'claude', reason: 'HTTP 403' } });
    await expect(
      importVendorMemories({ site: 'claude', result: { ok: true, memories: [{ id: '', text: 'x' }] } }),
    ).rejects.toThrow();
    expect(await listMemories('active')).toEqual([]);
  });
});

// #25 item 5: importing the site's memories again never changes or deletes a memory the person owns without
// Review. Before, each of these overwrote the person's version in place.
describe('importing vendor memories again over a memory the person owns', () => {
  const ID = 'chatgpt-saved:mem-1';
  const read = (text: string) => ({
    site: 'chatgpt',
    result: { ok: true, memories: [{ id: 'mem-1', text, updatedAt: '2026-10-01T10:00:00.000Z' }] },
  });
  const proposals = async () => (await pendingProposals()).map((p) => [p.base?.id, p.memory.text]);

  test('pinned: the site changed it, so the change waits in Review; Approve keeps the pin', async () => {
    await importVendorMemories(read('Lives in Porto.'));
    await setPinned(ID, true);
    expect(await importVendorMemories(read('Lives in Lisbon.'))).toMatchObject({ imported: 0, held: 1 });
    expect(await getMemory(ID)).toMatchObject({ text: 'Lives in Porto.', pinned: true, status: 'active' });
    expect(await proposals()).toEqual([[ID, 'Lives in Lisbon.']]);
    // Asked again before the person decided: the same proposal, not a second one.
    await importVendorMemories(read('Lives in Lisbon, Alfama.'));
    expect(await proposals()).toEqual([[ID, 'Lives in Lisbon, Alfama.']]);
    const [proposal] = await pendingProposals();
    await approveMemory(proposal!.memory.id);
    expect(await getMemory(ID)).toMatchObject({ text: 'Lives in Lisbon, Alfama.', pinned: true });
  });

  test('edited by hand, the site unchanged: nothing changes', async () => {
    await importVendorMemories(read('Lives in Porto.'));
    await updateMemory({ id: ID, text: 'Lives in Porto, in Foz, since 2024.' });
    expect(await importVendorMemories(read('Lives in Porto.'))).toMatchObject({ imported: 0, unchanged: 1 });
    expect((await getMemory(ID))?.text).toBe('Lives in Porto, in Foz, since 2024.');
    expect(await proposals()).toEqual([]);
  });

  test('edited by hand, the site changed it: a proposal; Reject keeps the edit', async () => {
    await importVendorMemories(read('Lives in Porto.'));
    await updateMemory({ id: ID, text: 'Lives in Porto, in Foz, since 2024.' });
    expect(await importVendorMemories(read('Lives in Braga.'))).toMatchObject({ imported: 0, held: 1 });
    expect((await getMemory(ID))?.text).toBe('Lives in Porto, in Foz, since 2024.');
    const [proposal] = await pendingProposals();
    expect(proposal?.proposedBy).toMatchObject({ actor: 'import', op: 'update' });
    expect(proposal?.proposedBy?.reason).toBe(
      "ChatGPT's saved memory changed (written by you, only you change it)",
    );
    await rejectMemory(proposal!.memory.id);
    expect((await getMemory(ID))?.text).toBe('Lives in Porto, in Foz, since 2024.');
  });

  test('made a standing rule: a proposal, the rule unchanged', async () => {
    await importVendorMemories(read('Answer in Portuguese.'));
    await updateMemory({ id: ID, priority: -1, type: 'instruction' });
    await importVendorMemories(read('Answer in Spanish.'));
    expect(await getMemory(ID)).toMatchObject({ text: 'Answer in Portuguese.', priority: -1 });
    expect(await proposals()).toEqual([[ID, 'Answer in Spanish.']]);
  });

  test('in the Trash: it stays there as it was', async () => {
    await importVendorMemories(read('Lives in Porto.'));
    await deleteUserMemory(ID);
    expect(await importVendorMemories(read('Lives in Braga.'))).toMatchObject({ imported: 0, unchanged: 1 });
    expect(await getMemory(ID)).toMatchObject({ text: 'Lives in Porto.', status: 'deleted' });
    expect(await proposals()).toEqual([]);
  });

  test('a saved memory with a link waits in Review, new or changed', async () => {
    await importVendorMemories(read('Lives in Porto.'));
    await importVendorMemories(read('Lives in Porto; see ![](https://evil.example/p?d=x)'));
    expect((await getMemory(ID))?.text).toBe('Lives in Porto.');
    const other = {
      site: 'chatgpt',
      result: {
        ok: true,
        memories: [{ id: 'mem-2', text: 'Notes at evil.example/u?id=1', updatedAt: null }],
      },
    };
    expect(await importVendorMemories(other)).toMatchObject({ imported: 1, held: 1 });
    expect((await getMemory('chatgpt-saved:mem-2'))?.status).toBe('pending');
    expect((await listMemories('active')).map((m) => m.text)).toEqual(['Lives in Porto.']);
  });
});
