// The background's half of the privacy rule (#34): a chat found private loses everything Engram kept of it, at
// once and for good, and nothing of it is stored again from any tab; a page alone never vouches for a chat on a
// site where only the JSON can. Through the real handlers, on the real store.
import { beforeEach, describe, expect, test } from 'vitest';
import { conversation, event, memory } from '../../../test/helpers/records';
import { EXTENSION_ORIGIN } from '../../../test/helpers/background';
import { dispatch } from '../../messaging/background';
import type { Sender } from '../../messaging/protocol';
import type { CaptureRequest } from '../../model/messages';
import type { Job } from '../../model/records';
import { DEFAULT_SETTINGS } from '../../model/settings';
import { settingsItem } from '../../settings';
import { onStoreChange, type StoreChange } from '../../store/changes';
import { getConversation, turnsOf } from '../../store/conversations';
import { db, deleteDb } from '../../store/db';
import { readGeneration } from '../../store/generation';
import { clearAllData } from '../../store/manage';
import { listForgotten, privacyMark, saveIfAllowed } from '../../store/privacy';
import { recordsOfCapture } from '../../store/conversation-records';
import { addCaptureProblem, listCaptureProblems } from '../../store/status';
import type { OutboxRow } from '../../store/sync-rows';
import { handlers } from '../handlers';
import { resetRecallIndex } from '../recall/recall-area';

const SLUG = 'porto-trip-x1Y2AbCdEfGh';
const URL_ = `https://www.perplexity.ai/search/${SLUG}`;
const tab: Sender = { url: URL_, frameId: 0, tab: { id: 7, url: URL_ } };
const chat = { site: 'perplexity' as const, conversationId: SLUG, url: URL_ };
const capture = (over: Partial<CaptureRequest> = {}): CaptureRequest => ({
  ...chat,
  title: 'Porto',
  strategy: 'api',
  confirmed: true,
  turns: [
    { id: 'q1:query', role: 'user', text: 'I have type 2 diabetes.', createdAt: null },
    { id: 'q1', role: 'assistant', text: 'Noted.', createdAt: null },
  ],
  ...over,
});
const source = (site: 'perplexity' | 'chatgpt', conversationId: string) => ({
  site,
  conversationId,
  turnIds: ['q1:query'],
  url: null,
});
const job = (id: string, conversationKey: string): Job => ({
  ...{ id, kind: 'extract', conversationKey, status: 'pending', attempts: 0, fromOrder: 0 },
  ...{ runAfter: '2026-11-01T10:00:00.000Z', leaseUntil: null, lastError: null },
  ...{ createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' },
});

const call = <T extends 'privacyMark' | 'forgetPrivateChat' | 'captureTurns'>(
  type: T,
  data: unknown,
  sender: Sender = tab,
) => dispatch(type, data, sender, handlers, EXTENSION_ORIGIN);

beforeEach(async () => {
  resetRecallIndex();
  await deleteDb();
  await settingsItem.setValue(DEFAULT_SETTINGS);
});

/** A captured chat, with its job, memories drawn from it (alone, beside another chat, in Review), and another chat. */
async function seedCaptured(): Promise<void> {
  expect((await call('captureTurns', capture())).stored).toBe(2);
  await db().conversations.put(conversation());
  await db().jobs.bulkPut([job('j1', `perplexity:${SLUG}`), job('j2', 'chatgpt:c1')]);
  await db().memories.bulkPut([
    memory({ id: 'alone', text: 'Has type 2 diabetes.', sources: [source('perplexity', SLUG)] }),
    memory({ id: 'both', sources: [source('chatgpt', 'c1'), source('perplexity', SLUG)] }),
    memory({ id: 'review', status: 'pending', sources: [source('perplexity', SLUG)] }),
    memory({ id: 'other', text: 'Keeps bees.', sources: [source('chatgpt', 'c1')] }),
  ]);
  await db().memoryEvents.bulkPut([
    event({ id: 'e-alone', memoryId: 'alone' }),
    event({ id: 'e-other', memoryId: 'other' }),
  ]);
  await db().embeddings.bulkPut([
    { memoryId: 'alone', model: 'm', textHash: 'h', vector: Float32Array.of(1) },
    { memoryId: 'other', model: 'm', textHash: 'h', vector: Float32Array.of(1) },
  ]);
  const rows: OutboxRow[] = [
    { kind: 'memory', memoryId: 'alone', eventId: 'e-alone' },
    { kind: 'memory', memoryId: 'other', eventId: 'e-other' },
  ];
  await db().outbox.bulkAdd(rows);
  await addCaptureProblem({ ...chat, kind: 'fallback', detail: 'HTTP 404', at: '2026-11-01T10:00:00.000Z' });
}

describe('a chat learned private after it was captured', () => {
  test('loses its rows, jobs, every memory drawn from it, their history and vectors, and its sync rows', async () => {
    await seedCaptured();
    const changes: StoreChange[] = [];
    const stop = onStoreChange((c) => changes.push(c));
    const generation = await readGeneration(db());
    await call('forgetPrivateChat', chat);
    stop();
    expect(await getConversation(`perplexity:${SLUG}`)).toBeUndefined();
    expect(await turnsOf(`perplexity:${SLUG}`)).toEqual([]);
    expect((await db().jobs.toArray()).map((j) => j.id)).toEqual(['j2']);
    expect((await db().memories.toArray()).map((m) => m.id)).toEqual(['other']);
    expect((await db().memoryEvents.toArray()).map((e) => e.id)).toEqual(['e-other']);
    expect((await db().embeddings.toArray()).map((e) => e.memoryId)).toEqual(['other']);
    const outbox = await db().outbox.toArray();
    expect(outbox.filter((r) => 'key' in r && r.key === `perplexity:${SLUG}`).map((r) => r.kind)).toEqual([
      'conversation-deleted',
    ]);
    expect(outbox.filter((r) => r.kind === 'memory').map((r) => r.kind === 'memory' && r.memoryId)).toEqual([
      'other',
    ]);
    expect(
      outbox
        .filter((r) => r.kind === 'purge')
        .map((r) => r.kind === 'purge' && r.memoryId)
        .sort(),
    ).toEqual(['alone', 'both', 'review']);
    expect(await readGeneration(db())).toBeGreaterThan(generation); // a running job on it never commits
    // The past index and recall follow these (lib/background/recall/past-index.ts, memory-index.ts).
    expect(changes).toEqual([
      { kind: 'conversationsDeleted', keys: [`perplexity:${SLUG}`] },
      { kind: 'memoriesPurged', ids: expect.arrayContaining(['alone', 'both', 'review']) },
    ]);
    expect(await listCaptureProblems()).toEqual([]);
    expect(await getConversation('chatgpt:c1')).toBeDefined();
  });

  test('is never stored again, from the JSON or the page, in any tab; Activity says what went, in counts only', async () => {
    await seedCaptured();
    await call('forgetPrivateChat', chat);
    expect(await call('privacyMark', chat)).toEqual({ mark: 'private' });
    const other: Sender = { ...tab, tab: { id: 8, url: URL_ } };
    for (const strategy of ['api', 'page'] as const) {
      const reply = await call('captureTurns', capture({ strategy }), other);
      expect(reply).toMatchObject({ stored: 0, skipped: { code: 'private-chat' } });
    }
    expect(await turnsOf(`perplexity:${SLUG}`)).toEqual([]);
    const [row] = await listForgotten();
    expect(row).toMatchObject({
      site: 'perplexity',
      state: 'private',
      removed: { turns: 2, jobs: 2, memories: 3 },
    }); // jobs: the one the capture scheduled, and j1
    expect(JSON.stringify(row)).not.toMatch(/diabetes|Porto/);
    // Told again (another tab, a reload): nothing more goes, and Activity does not count it twice.
    await call('forgetPrivateChat', chat, other);
    expect(await listForgotten()).toHaveLength(1);
  });

  test('a chat never stored is marked all the same, and Activity has nothing to report', async () => {
    await call('forgetPrivateChat', chat);
    expect(await privacyMark(`perplexity:${SLUG}`)).toBe('private');
    expect(await listForgotten()).toEqual([]);
    expect(await db().outbox.count()).toBe(0); // no delete owed to devices that never had it
  });

  test('a capture racing the verdict: the one committed first wins, and a private verdict is never overwritten', async () => {
    await call('forgetPrivateChat', chat);
    const write = recordsOfCapture(capture(), new Date());
    expect(await saveIfAllowed(write, true, new Set(['confirmed', null] as const), true)).toBeNull();
    expect(await privacyMark(`perplexity:${SLUG}`)).toBe('private');
  });

  test('Delete everything keeps the private marks (ids only), and drops the confirmations and the reports', async () => {
    await seedCaptured();
    const other = 'lisbon-move-a1B2c3D4e5';
    await call(
      'captureTurns',
      capture({ conversationId: other, url: `https://www.perplexity.ai/search/${other}` }),
      {
        ...tab,
        url: `https://www.perplexity.ai/search/${other}`,
      },
    );
    await call('forgetPrivateChat', chat);
    expect(await privacyMark(`perplexity:${other}`)).toBe('confirmed');
    await clearAllData();
    expect(await privacyMark(`perplexity:${SLUG}`)).toBe('private');
    expect(await privacyMark(`perplexity:${other}`)).toBeNull();
    expect(await listForgotten()).toEqual([]);
  });
});

describe('a page alone, where only the JSON can say (fail closed)', () => {
  test('a page read of a chat no JSON read confirmed is refused, and one confirmed earlier is stored', async () => {
    const page = capture({ strategy: 'page', confirmed: undefined, note: 'HTTP 404' });
    const refused = await call('captureTurns', page);
    expect(refused).toMatchObject({
      stored: 0,
      skipped: { code: 'unconfirmed', site: 'perplexity' },
    });
    expect(await handlers.getCaptureStatus({ tabId: 7 }, {})).toMatchObject({ state: 'off' });
    // A JSON read that keeps some other account's turns out does not vouch for the page either.
    await call('captureTurns', capture({ confirmed: false }));
    expect(await privacyMark(`perplexity:${SLUG}`)).toBeNull();
    expect((await call('captureTurns', page)).stored).toBe(0);
    await call('captureTurns', capture());
    expect(await privacyMark(`perplexity:${SLUG}`)).toBe('confirmed');
    const more = {
      ...page,
      turns: [...page.turns, { id: 'h:3', role: 'user' as const, text: 'And Braga?', createdAt: null }],
    };
    expect((await call('captureTurns', more)).stored).toBe(1);
  });

  test('on a site whose address and page can say it, the page needs no JSON', async () => {
    const url = 'https://chatgpt.com/c/6f0d2c1e-1111';
    const sender: Sender = { url, frameId: 0, tab: { id: 9, url } };
    const page = capture({
      site: 'chatgpt',
      conversationId: '6f0d2c1e-1111',
      url,
      strategy: 'page',
      confirmed: undefined,
    });
    expect((await call('captureTurns', page, sender)).stored).toBe(2);
  });
});

describe('who may say so', () => {
  test("a page may ask about and forget only its own site's chats, at its own origin", async () => {
    const claude = { site: 'claude' as const, conversationId: 'abc', url: 'https://claude.ai/chat/abc' };
    await expect(call('forgetPrivateChat', claude)).rejects.toThrow(/not a claude page/);
    await expect(call('privacyMark', claude)).rejects.toThrow(/not a claude page/);
    await expect(
      call('forgetPrivateChat', { ...chat, url: 'https://evil.example/search/x' }),
    ).rejects.toThrow(/origin/);
    await expect(
      dispatch('forgetPrivateChat', chat, { url: URL_ }, handlers, EXTENSION_ORIGIN),
    ).rejects.toThrow(/not from a tab/);
  });
});
