// Commits that check what they overwrite (#12): the person edits, deletes or erases while a job waits on its
// model; when the job ends, every edit stands as the person left it and nothing deleted is back.
import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { handlers } from '../background/handlers';
import { DEFAULT_SETTINGS } from '../model/settings';
import { makeProvider } from '../providers/structured';
import type { RawRequest } from '../providers/types';
import { saveCapture } from '../store/conversations';
import { db, deleteDb } from '../store/db';
import { claimNextJob, enqueueExtraction, getJob, listJobs } from '../store/jobs';
import { getMemory, historyOf, listMemories } from '../store/memories';
import { listUsage } from '../store/usage';
import { countTokens } from '../tokens';
import { conversation, turn } from '../../test/helpers/records';
import { NOW, reply, seedMemories, seedTurns } from '../../test/helpers/pipeline';
import { QUEUE, runDueJobs } from './queue';
import { startStoreFollowers } from '../background/recall/follow-store';

const ext = { url: 'chrome-extension://engram-test/options.html' };
const KEY = 'chatgpt:c1';

/**
 * A provider whose `during` runs while the model "answers" the n-th call (0-based), then answers. With
 * `deaf`, it answers even when the call was aborted, as a local model that cannot be stopped may.
 */
function providerWith(replies: string[], during: Record<number, () => Promise<void>>, deaf = false) {
  const requests: RawRequest[] = [];
  return {
    requests,
    provider: makeProvider('scripted', 'scripted-1', async (req) => {
      const n = requests.push(req) - 1;
      await during[n]?.();
      if (!deaf) req.signal?.throwIfAborted();
      const text = replies[n];
      if (text === undefined) throw new Error('script exhausted');
      return { text, promptTokens: 10, completionTokens: 10 };
    }),
  };
}

const run = (provider: ReturnType<typeof providerWith>['provider'], now = NOW) =>
  runDueJobs({
    owner: 'sw-1',
    provider: async () => provider,
    settings: async () => DEFAULT_SETTINGS,
    countTokens: async (t: string) => Math.ceil(t.length / 4),
    wakeAt: async () => undefined,
    now: () => now,
  });

// The tokenizer's one-time build (~1 s, far more on a loaded machine) happens here, not in the first edit.
// The background starts these at every wake (entrypoints/background.ts); so does this file.
beforeAll(startStoreFollowers);

beforeAll(() => countTokens('warm'), 60_000);

beforeEach(async () => {
  await deleteDb();
});

describe('a job that read a memory the person then changed', () => {
  test('an edit made during the call stands; the confirm of the old copy is not saved', async () => {
    await seedMemories(['Works as a nurse in Leeds.']);
    await seedTurns([{ role: 'user', text: 'I work as a nurse in Leeds.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const edit = async () =>
      void (await handlers.updateMemory({ id: 'm1', text: 'Works as a midwife in Leeds.' }, ext));
    const { provider } = providerWith([reply.memories({ text: 'works as a nurse in Leeds' })], { 0: edit });
    await run(provider);
    expect(await getMemory('m1')).toMatchObject({ text: 'Works as a midwife in Leeds.', proofCount: 1 });
    expect((await historyOf('m1')).map((e) => `${e.op}:${e.actor}`)).toEqual([
      'add:extractor',
      'update:user',
    ]);
    const [job] = await listJobs();
    expect(job).toMatchObject({ status: 'done', lastError: { code: 'kept-yours', skipped: 1, toReview: 0 } });
  });

  test('a memory deleted during the call stays deleted; the update is not saved', async () => {
    await seedMemories(['Lives in Munich.']);
    await seedTurns([{ role: 'user', text: 'I moved to Berlin last month.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const replies = [
      reply.memories({ text: 'Moved from Munich to Berlin.' }),
      reply.ops({ op: 'UPDATE', target: 1, text: 'Lives in Berlin; moved from Munich.', reason: 'moved' }),
    ];
    const del = async () => void (await handlers.deleteMemory({ id: 'm1' }, ext));
    await run(providerWith(replies, { 1: del }).provider);
    expect(await getMemory('m1')).toMatchObject({ text: 'Lives in Munich.', status: 'deleted' });
    expect((await listMemories('active')).map((m) => m.text)).toEqual([]);
  });

  test('an update of a memory edited during the call goes to Review beside the edit', async () => {
    await seedMemories(['Lives in Munich.']);
    await seedTurns([{ role: 'user', text: 'I moved to Berlin last month.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const replies = [
      reply.memories({ text: 'Moved from Munich to Berlin.' }),
      reply.ops({ op: 'UPDATE', target: 1, text: 'Lives in Berlin; moved from Munich.', reason: 'moved' }),
    ];
    const edit = async () =>
      void (await handlers.updateMemory({ id: 'm1', text: 'Lives in Munich, Bavaria.' }, ext));
    await run(providerWith(replies, { 1: edit }).provider);
    expect(await getMemory('m1')).toMatchObject({ text: 'Lives in Munich, Bavaria.', status: 'active' });
    const [proposal] = await listMemories('pending');
    expect(proposal).toMatchObject({ text: 'Lives in Berlin; moved from Munich.', pinned: false });
    expect(proposal?.sources).toEqual([expect.objectContaining({ conversationId: 'c1' })]);
    const [event] = await historyOf(proposal!.id);
    // The proposal is based on the person's version: rejecting it keeps their edit.
    expect(event?.before?.text).toBe('Lives in Munich, Bavaria.');
    await handlers.rejectMemory({ id: proposal!.id }, ext);
    expect((await getMemory('m1'))?.text).toBe('Lives in Munich, Bavaria.');
  });
  // The guard holds updates of a memory edited by hand before the job's write is drafted; a pin lands after
  // the guard read its copy, so only the commit's re-read sees it and rebases the update.
  test('an update of a memory pinned during the call goes to Review; approving it keeps every source', async () => {
    const earlier = { site: 'claude' as const, conversationId: 'c0', turnIds: ['t0'], url: null };
    await seedMemories([{ text: 'Lives in Munich.', sources: [{ ...earlier }] }]);
    await seedTurns([{ role: 'user', text: 'I moved to Berlin last month.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const replies = [
      reply.memories({ text: 'Moved from Munich to Berlin.' }),
      reply.ops({ op: 'UPDATE', target: 1, text: 'Lives in Berlin; moved from Munich.', reason: 'moved' }),
    ];
    const pin = async () => void (await handlers.setPinned({ id: 'm1', pinned: true }, ext));
    await run(providerWith(replies, { 1: pin }).provider);
    const [proposal] = await listMemories('pending');
    expect(proposal?.id).toMatch(/:review$/);
    await handlers.approveMemory({ id: proposal!.id }, ext);
    const m1 = await getMemory('m1');
    expect(m1?.text).toBe('Lives in Berlin; moved from Munich.');
    expect(m1?.sources.map((s) => s.conversationId)).toEqual(['c0', 'c1']);
    expect(await listMemories('pending')).toEqual([]);
  });
});

describe('a job that writes one memory twice', () => {
  test('a confirm then an update of one memory: the confirm stands, the update waits in Review', async () => {
    await seedMemories(['Works as a nurse in Leeds.']);
    await seedTurns([{ role: 'user', text: 'I work as a nurse in Leeds, at the General Infirmary now.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const replies = [
      reply.memories(
        { text: 'works as a nurse in Leeds' },
        { text: 'Works as a nurse at the Leeds General Infirmary.' },
      ),
      reply.ops({
        fact: 2,
        op: 'UPDATE',
        target: 1,
        text: 'Nurse at the Leeds General Infirmary.',
        reason: 'r',
      }),
    ];
    await run(providerWith(replies, {}).provider);
    expect(await getMemory('m1')).toMatchObject({ text: 'Works as a nurse in Leeds.', proofCount: 2 });
    const [proposal] = await listMemories('pending');
    expect(proposal?.text).toBe('Nurse at the Leeds General Infirmary.');
    expect((await historyOf(proposal!.id))[0]?.before?.proofCount).toBe(2);
  });
});

describe('deletes while a job runs', () => {
  test('Delete everything during the call: nothing comes back, not even the call’s usage', async () => {
    await seedMemories(['Lives in Munich.']);
    await seedTurns([{ role: 'user', text: 'I keep bees on my roof.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const wipe = async () => void (await handlers.deleteEverything({ confirm: 'DELETE' }, ext));
    const bees = reply.memories({ text: 'Keeps bees on the roof.' });
    const { provider, requests } = providerWith([bees], { 0: wipe }, true);
    await run(provider);
    expect(requests[0]?.signal?.aborted).toBe(true);
    const counts = await Promise.all(
      ['memories', 'memoryEvents', 'jobs', 'usage'].map((t) => db().table(t).count()),
    );
    expect(counts).toEqual([0, 0, 0, 0]);
  });

  test.each([
    ['stops the call', false],
    ['writes nothing even when the model answers anyway', true],
  ])('deleting the job’s conversation during the call cancels it: %s', async (_, deaf) => {
    await seedTurns([{ role: 'user', text: 'I keep bees on my roof.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const remove = async () =>
      void (await handlers.deleteConversation({ key: KEY, removeMemories: true }, ext));
    const bees = reply.memories({ text: 'Keeps bees.' });
    const { provider, requests } = providerWith([bees], { 0: remove }, deaf);
    await run(provider);
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(await listMemories('active')).toEqual([]);
    expect(await listJobs()).toEqual([]);
    expect(await listUsage()).toEqual([]);
  });

  test('another conversation deleted during the call: the job runs again on what is left, and commits', async () => {
    await saveCapture({
      conversation: conversation({
        key: 'claude:c2',
        site: 'claude',
        id: 'c2',
        url: 'https://claude.ai/chat/c2',
      }),
      turns: [turn({ key: 'claude:c2:t1', conversationKey: 'claude:c2' })],
    });
    await seedTurns([{ role: 'user', text: 'I keep bees on my roof.' }]);
    const job = await enqueueExtraction(KEY, NOW, NOW);
    const other = async () =>
      void (await handlers.deleteConversation({ key: 'claude:c2', removeMemories: true }, ext));
    const bees = reply.memories({ text: 'Keeps bees on the roof.' });
    const { provider, requests } = providerWith([bees, bees], { 0: other });
    await run(provider);
    expect(requests).toHaveLength(2);
    expect((await listMemories('active')).map((m) => m.text)).toEqual(['Keeps bees on the roof.']);
    expect(await getJob(job.id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  test('a run whose expired lease was reclaimed writes nothing; the newer run commits once', async () => {
    await seedTurns([{ role: 'user', text: 'I keep bees on my roof.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const late = new Date(NOW.getTime() + QUEUE.leaseMs + 1000);
    const reclaim = async () => {
      const bees = reply.memories({ text: 'Keeps bees on the roof.' });
      await run(providerWith([bees], {}).provider, late);
    };
    const slow = providerWith([reply.memories({ text: 'Keeps bees, slowly.' })], { 0: reclaim });
    await run(slow.provider);
    expect((await listMemories('active')).map((m) => m.text)).toEqual(['Keeps bees on the roof.']);
    expect((await listJobs())[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  test('the lease carries the delete generation it was taken under', async () => {
    await seedTurns([{ role: 'user', text: 'I keep bees on my roof.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    await saveCapture({
      conversation: conversation({
        key: 'claude:c2',
        site: 'claude',
        id: 'c2',
        url: 'https://claude.ai/chat/c2',
      }),
      turns: [],
    });
    await handlers.deleteConversation({ key: 'claude:c2', removeMemories: false }, ext);
    expect((await claimNextJob('sw-1', QUEUE.leaseMs, NOW))?.generation).toBe(1);
  });
});
