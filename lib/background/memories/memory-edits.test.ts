import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { countTokens as warmTokens } from '../../tokens';
import { conversation, memory, turn } from '../../../test/helpers/records';
import type { Memory } from '../../model/records';
import { saveCapture } from '../../store/conversations';
import { db, deleteDb } from '../../store/db';
import { getMemory, historyOf, writeMemory } from '../../store/memories';
import { addCaptureProblem, listCaptureProblems } from '../../store/status';
import { badgeText, startReviewBadge } from './review-badge';
import { byUser } from '../shared/user-events';
import { handlers } from '../handlers';

const ext = { url: 'chrome-extension://abc/options.html' };
const ops = async (id: string) => (await historyOf(id)).map((e) => `${e.op}:${e.actor}`);
const add = (text = 'I live in Porto.') => handlers.addMemory({ text, type: 'profile' }, ext);

// The tokenizer's one-time build (~1 s, 6-8 s at load average 20-30) happens here, not in the first test.
beforeAll(() => warmTokens('warm'), 60_000);

beforeEach(() => deleteDb());

describe('editing', () => {
  test('update changes only what differs, recounts tokens and explains itself', async () => {
    const m = await add();
    const edited = await handlers.updateMemory(
      { id: m.id, text: 'I live in Porto, Portugal, near the river.', priority: 80, scope: 'global' },
      ext,
    );
    expect(edited).toMatchObject({ priority: 80, scope: 'global' });
    expect(edited.tokenCount).toBeGreaterThan(m.tokenCount);
    const history = await historyOf(m.id);
    expect(history.map((e) => e.op)).toEqual(['add', 'update']);
    expect(history[1]?.reason).toBe('Edited text, priority');
    expect(history[1]?.before?.text).toBe('I live in Porto.');
    await handlers.updateMemory({ id: m.id, priority: 80 }, ext);
    expect(await historyOf(m.id)).toHaveLength(2);
  });

  test('pin and unpin are events', async () => {
    const m = await add();
    expect((await handlers.setPinned({ id: m.id, pinned: true }, ext)).pinned).toBe(true);
    await handlers.setPinned({ id: m.id, pinned: false }, ext);
    expect(await ops(m.id)).toEqual(['add:user', 'pin:user', 'unpin:user']);
  });

  test('delete, undo, delete again, then delete forever removes the memory and its history', async () => {
    const m = await add();
    await handlers.deleteMemory({ id: m.id }, ext);
    expect((await handlers.restoreMemory({ id: m.id }, ext)).status).toBe('active');
    await expect(handlers.purgeMemory({ id: m.id }, ext)).rejects.toMatchObject({
      problem: { code: 'trash-first' },
    });
    await handlers.deleteMemory({ id: m.id }, ext);
    expect(await ops(m.id)).toEqual(['add:user', 'delete:user', 'restore:user', 'delete:user']);
    await handlers.purgeMemory({ id: m.id }, ext);
    expect(await getMemory(m.id)).toBeUndefined();
    expect(await historyOf(m.id)).toEqual([]);
  });

  test('a deleted pending memory is restored as pending', async () => {
    await writeMemory(memory({ id: 'p', status: 'pending' }), byUser('add', null, memory({ id: 'p' }), 'x'));
    await handlers.deleteMemory({ id: 'p' }, ext);
    expect((await handlers.restoreMemory({ id: 'p' }, ext)).status).toBe('pending');
  });

  test('bulk delete, scope and pin change each memory once, with events', async () => {
    const [a, b] = [await add('A fact.'), await add('B fact.')];
    await handlers.setPinned({ id: a.id, pinned: true }, ext);
    const ids = [a.id, b.id];
    expect(await handlers.bulkMemories({ ids, action: 'pin' }, ext)).toEqual({ changed: 1 });
    expect(await handlers.bulkMemories({ ids, action: 'scope', scope: 'site:claude' }, ext)).toEqual({
      changed: 2,
    });
    await expect(handlers.bulkMemories({ ids, action: 'scope' }, ext)).rejects.toThrow(/scope/);
    expect(await handlers.bulkMemories({ ids, action: 'delete' }, ext)).toEqual({ changed: 2 });
    expect(await ops(b.id)).toEqual(['add:user', 'pin:user', 'update:user', 'delete:user']);
    expect((await getMemory(a.id))?.scope).toBe('site:claude');
  });
});

describe('review', () => {
  async function pending(over: Partial<Memory>, before: Memory | null = null) {
    const m = memory({ status: 'pending', ...over });
    await writeMemory(m, { ...byUser(before ? 'update' : 'add', before, m, 'x'), actor: 'extractor' });
    return m;
  }

  test('approve, edit then approve, approve all', async () => {
    await pending({ id: 'a' });
    await pending({ id: 'b' });
    await pending({ id: 'c' });
    expect((await handlers.approveMemory({ id: 'a' }, ext)).status).toBe('active');
    await expect(handlers.approveMemory({ id: 'a' }, ext)).rejects.toMatchObject({
      problem: { code: 'not-in-review' },
    });
    const edited = await handlers.approveMemory({ id: 'b', text: 'I live in Lisbon, Portugal.' }, ext);
    expect(edited).toMatchObject({ status: 'active', text: 'I live in Lisbon, Portugal.' });
    expect((await historyOf('b')).at(-1)?.reason).toBe('Edited, then approved');
    expect(await handlers.approveAllMemories({}, ext)).toEqual({ approved: 1, held: 0 });
  });

  test('reject moves a new memory to the Trash and keeps the previous version of a proposed change', async () => {
    await pending({ id: 'new' });
    await handlers.rejectMemory({ id: 'new' }, ext);
    expect((await getMemory('new'))?.status).toBe('deleted');
    const current = memory({ id: 'old', text: 'I live in Lisbon.' });
    await pending({ id: 'old', text: 'I live in Porto.' }, current);
    await handlers.rejectMemory({ id: 'old' }, ext);
    expect(await getMemory('old')).toMatchObject({ status: 'active', text: 'I live in Lisbon.' });
    expect(await ops('old')).toEqual(['update:extractor', 'reject:user']);
  });

  test('the badge follows the pending count', async () => {
    expect([0, 3, 120].map(badgeText)).toEqual(['', '3', '99+']);
    const shown: string[] = [];
    const stop = startReviewBadge({ setBadge: (t) => void shown.push(t) });
    await expect.poll(() => shown).toEqual(['']);
    await pending({ id: 'x' });
    await expect.poll(() => shown).toEqual(['', '1']);
    await handlers.approveMemory({ id: 'x' }, ext);
    await expect.poll(() => shown).toEqual(['', '1', '']);
    stop();
  });
});

describe('conversations and everything', () => {
  const source = (id: string) => ({ site: 'chatgpt' as const, conversationId: id, turnIds: [], url: null });
  beforeEach(async () => {
    await saveCapture({
      conversation: conversation(),
      turns: [turn(), turn({ key: 'chatgpt:c1:t2', id: 't2' })],
    });
    await writeMemory(memory({ id: 'only', sources: [source('c1')] }), byUser('add', null, memory(), 'x'));
    const both = memory({ id: 'both', sources: [source('c1'), source('c2')] });
    await writeMemory(both, byUser('add', null, both, 'x'));
  });

  test('delete a conversation keeping its memories', async () => {
    expect(await handlers.deleteConversation({ key: 'chatgpt:c1', removeMemories: false }, ext)).toEqual({
      turns: 2,
      memories: 0,
    });
    expect((await getMemory('only'))?.status).toBe('active');
    expect(await db().conversations.count()).toBe(0);
  });

  test('delete a conversation removing the memories it alone produced', async () => {
    const reply = await handlers.deleteConversation({ key: 'chatgpt:c1', removeMemories: true }, ext);
    expect(reply).toEqual({ turns: 2, memories: 1 });
    expect((await getMemory('only'))?.status).toBe('deleted');
    expect(await getMemory('both')).toMatchObject({ status: 'active', sources: [source('c2')] });
    await expect(
      handlers.deleteConversation({ key: 'chatgpt:c1', removeMemories: true }, ext),
    ).rejects.toMatchObject({ problem: { code: 'conversation-gone' } });
  });

  test('delete everything empties every data table and capture problems, and bumps the delete generation', async () => {
    const at = '2026-11-01T10:00:00.000Z';
    const url = 'https://chatgpt.com/c/c1';
    await addCaptureProblem({ site: 'chatgpt', conversationId: 'c1', url, kind: 'broken', detail: 'x', at });
    await handlers.deleteEverything({ confirm: 'DELETE' }, ext);
    expect(await listCaptureProblems()).toEqual([]);
    const counts = await Promise.all(
      db()
        .tables.filter((t) => t.name !== 'meta')
        .map((t) => t.count()),
    );
    expect(counts.every((c) => c === 0)).toBe(true);
    expect(await db().meta.toArray()).toEqual([{ key: 'deleteGeneration', value: 1 }]);
  });
});

test('retry puts a failed job back in the queue, and refuses others', async () => {
  const job = {
    id: 'j1',
    kind: 'extract' as const,
    conversationKey: 'chatgpt:c1',
    status: 'failed' as const,
    attempts: 3,
    fromOrder: 0,
    runAfter: '2026-11-01T10:00:00.000Z',
    leaseUntil: null,
    lastError: 'HTTP 429',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
  await db().jobs.put(job);
  await handlers.retryJob({ id: 'j1' }, ext);
  expect((await db().jobs.get('j1'))?.status).toBe('pending');
  await expect(handlers.retryJob({ id: 'j1' }, ext)).rejects.toMatchObject({
    problem: { code: 'retry-failed-only', status: 'pending' },
  });
});
