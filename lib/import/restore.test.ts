// A lossless restore (#12): the export carries extraction progress, the jobs that still matter and usage;
// export → Delete everything → import gives the same export back, and the next job of an extracted
// conversation sends only its new turns.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { NOW, reply, runPipeline, seedTurns } from '../../test/helpers/pipeline';
import { handlers } from '../background/handlers';
import type { ImportChunk } from '../model/messages';
import { DEFAULT_SETTINGS } from '../model/settings';
import { QUEUE, runDueJobs } from '../pipeline/queue';
import { scriptedProvider } from '../providers/scripted';
import { db, deleteDb } from '../store/db';
import { readExport } from '../store/export';
import { claimNextJob, enqueueExtraction, listJobs } from '../store/jobs';
import { countTokens } from '../tokens';
import { planImport } from './detect';
import { runImport } from './run';

const ext = { url: 'chrome-extension://x/options.html' };
const send = (chunk: ImportChunk) => handlers.importChunk(chunk, ext);
const importFile = (data: unknown) => runImport(planImport(JSON.stringify(data)), send, () => undefined);
const KEY = 'chatgpt:c1';

beforeAll(() => countTokens('warm'), 60_000);
beforeEach(deleteDb);

/** A conversation extracted through its second turn, with the usage that cost. */
async function extracted(): Promise<void> {
  await seedTurns([
    { role: 'user', text: 'I live in Oslo.' },
    { role: 'assistant', text: 'Nice city.' },
  ]);
  await runPipeline([reply.memories({ text: 'Lives in Oslo.' })]);
}

describe('the export', () => {
  test('carries how far each conversation was extracted, open jobs without their lease, and usage', async () => {
    await extracted();
    const failed = { ...(await enqueueExtraction('claude:c2', NOW, NOW)), status: 'failed' as const };
    await db().jobs.put({ ...failed, lastError: 'HTTP 500' });
    await enqueueExtraction('claude:c3', NOW, NOW);
    await db().jobs.where('status').equals('pending').modify({ runAfter: '2020-01-01T00:00:00.000Z' });
    const leased = await claimNextJob('sw-1', QUEUE.leaseMs, NOW);
    const data = await readExport(NOW);
    expect(data.conversations[0]?.extraction).toEqual({ throughOrder: 1, at: NOW.toISOString() });
    const jobs = data.jobs?.map((j) => [j.conversationKey, j.status, j.leaseOwner, j.leaseUntil]);
    expect(jobs?.sort()).toEqual([
      ['claude:c2', 'failed', null, null],
      ['claude:c3', 'pending', null, null],
    ]);
    expect(leased?.job.conversationKey).toBe('claude:c3');
    expect(data.usage).toHaveLength(1);
    expect(data.usage?.[0]).toMatchObject({ provider: 'scripted', jobId: expect.any(String) });
  });
});

describe('export → Delete everything → import', () => {
  test('gives the same export back: progress, open jobs and usage included', async () => {
    await extracted();
    // Waiting an hour (a job held by the token cap waits until 00:00 UTC at most: an import holds one to a day).
    await enqueueExtraction('claude:c2', new Date(NOW.getTime() + 3_600_000), NOW);
    const before = await readExport(NOW);
    await handlers.deleteEverything({ confirm: 'DELETE' }, ext);
    const report = await importFile(before);
    expect(report).toMatchObject({ progress: 1, jobs: 1, usage: 1, refused: [] });
    expect(await readExport(NOW)).toEqual(before);
  });

  test('the next job of an extracted conversation sends only its new turns', async () => {
    await extracted();
    const before = await readExport(NOW);
    await handlers.deleteEverything({ confirm: 'DELETE' }, ext);
    await importFile(before);
    expect(await enqueueExtraction(KEY, NOW, NOW)).toMatchObject({ fromOrder: 2 });
    const none = scriptedProvider([]);
    const env = {
      owner: 'sw-2',
      provider: async () => none,
      settings: async () => DEFAULT_SETTINGS,
      countTokens: async (t: string) => t.length,
      wakeAt: async () => undefined,
      now: () => NOW,
    };
    await runDueJobs(env);
    // Nothing new was said: no call at all (before #12 all of it was sent, and paid for, again).
    expect(none.requests).toEqual([]);
    await seedTurns([{ role: 'user', text: 'My daughter was born there in 2019.' }], 2);
    await enqueueExtraction(KEY, NOW, NOW);
    const p = scriptedProvider([reply.memories()]);
    await runDueJobs({ ...env, provider: async () => p });
    const prompt = p.requests[0]?.messages[0]?.content ?? '';
    expect(prompt.slice(prompt.indexOf('NEW TURNS'))).toContain('My daughter');
    expect(prompt.slice(prompt.indexOf('NEW TURNS'))).not.toContain('I live in Oslo');
    expect((await listJobs()).every((j) => j.status === 'done')).toBe(true);
  });

  test('a file written before these fields imports, and extracts from the start as it must', async () => {
    await extracted();
    const old: Record<string, unknown> = await readExport(NOW);
    delete old.jobs;
    delete old.usage;
    const conversations = (await readExport(NOW)).conversations.map((c) => ({ ...c, extraction: undefined }));
    const oldFile = { ...old, conversations: JSON.parse(JSON.stringify(conversations)) as unknown };
    await handlers.deleteEverything({ confirm: 'DELETE' }, ext);
    expect(await importFile(oldFile)).toMatchObject({ conversations: 1, memories: 1, refused: [] });
    expect(await enqueueExtraction(KEY, NOW, NOW)).toMatchObject({ fromOrder: 0 });
  });
});
