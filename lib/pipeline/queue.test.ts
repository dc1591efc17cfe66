// The durable queue (#4): lease, orphan recovery, idempotent commit, backoff, dead letter + Retry, waiting
// without a provider, and "only new turns plus a few context turns".
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../model/settings';
import { scriptedProvider } from '../providers/scripted';
import type { Provider } from '../providers/types';
import { deleteDb } from '../store/db';
import {
  claimNextJob,
  enqueueExtraction,
  failJob,
  getJob,
  listJobs,
  releaseOrphans,
  retryJob,
} from '../store/jobs';
import { commitJob } from '../store/pipeline';
import { listMemories } from '../store/memories';
import { recordUsage } from '../store/usage';
import { NOW, reply, seedTurns } from '../../test/helpers/pipeline';
import { QUEUE, runDueJobs } from './queue';

const KEY = 'chatgpt:c1';
const at = (sec: number) => new Date(NOW.getTime() + sec * 1000);

function env(provider: Provider | null, now = NOW, wakes: (string | null)[] = []) {
  return {
    owner: 'sw-1',
    provider: async () => provider,
    settings: async () => DEFAULT_SETTINGS,
    countTokens: async (t: string) => t.length,
    promptTokens: async (t: string) => Math.ceil(t.length / 4),
    wakeAt: async (w: string | null) => void wakes.push(w),
    now: () => now,
  };
}

beforeEach(async () => {
  await deleteDb();
});

describe('job queue', () => {
  test('a job is not due before its idle delay; a second capture pushes it back instead of adding one', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    await enqueueExtraction(KEY, at(120), NOW);
    await enqueueExtraction(KEY, at(200), at(80));
    expect(await listJobs()).toHaveLength(1);
    const wakes: (string | null)[] = [];
    expect(await runDueJobs(env(scriptedProvider([]), at(150), wakes))).toBe(0);
    expect(wakes).toEqual([at(200).toISOString()]);
  });

  test('with no provider, jobs wait with a clear state and spend no attempt; nothing is lost', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    expect(await runDueJobs(env(null))).toBe(0);
    expect((await listJobs())[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      lastError: { code: 'no-model' },
    });
    await runDueJobs(env(scriptedProvider([reply.memories({ text: 'Lives in Oslo.' })])));
    expect((await listMemories()).map((m) => m.text)).toEqual(['Lives in Oslo.']);
  });

  test('past the daily token cap a job waits for the next UTC day without a call or a spent attempt (#11)', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const day = NOW.toISOString().slice(0, 10);
    const spent = { at: NOW.toISOString(), day, provider: 'openai', model: 'm', costUsd: null, jobId: 'x' };
    await recordUsage([{ ...spent, id: 'u1', promptTokens: 900_000, completionTokens: 100_000 }]);
    const provider = scriptedProvider([]);
    const wakes: (string | null)[] = [];
    expect(await runDueJobs(env(provider, NOW, wakes))).toBe(1);
    expect(provider.requests).toEqual([]);
    expect((await listJobs())[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      runAfter: '2026-11-30T00:00:00.000Z',
      lastError: { code: 'token-cap', tokens: 1_000_000, cap: 1_000_000 },
    });
    expect(wakes).toEqual(['2026-11-30T00:00:00.000Z']);
    // Tomorrow it runs.
    const next = scriptedProvider([reply.memories({ text: 'Lives in Oslo.' })]);
    await runDueJobs(env(next, new Date('2026-11-30T00:00:01.000Z')));
    expect((await listMemories()).map((m) => m.text)).toEqual(['Lives in Oslo.']);
  });

  test('a worker killed mid-call: the next instance reclaims the job and writes exactly one set', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const lost = await claimNextJob('sw-dead', QUEUE.leaseMs, NOW);
    expect(lost?.job.status).toBe('running');
    // The lease still holds: another claim finds nothing until the orphan is released.
    expect(await claimNextJob('sw-1', QUEUE.leaseMs, NOW)).toBeNull();
    expect(await releaseOrphans('sw-1', NOW)).toBe(1);
    await runDueJobs(env(scriptedProvider([reply.memories({ text: 'Lives in Oslo.' })])));
    expect((await listMemories()).map((m) => m.text)).toEqual(['Lives in Oslo.']);
    expect((await getJob(lost!.job.id))?.status).toBe('done');
  });

  test('an expired lease is reclaimed without a restart', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    await claimNextJob('sw-1', QUEUE.leaseMs, NOW);
    expect(await claimNextJob('sw-1', QUEUE.leaseMs, at(60))).toBeNull();
    expect((await claimNextJob('sw-1', QUEUE.leaseMs, at(QUEUE.leaseMs / 1000 + 1)))?.job.attempts).toBe(2);
  });

  test('committing the same job twice writes once: the second commit no longer holds the lease', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    const job = await enqueueExtraction(KEY, NOW, NOW);
    const p = scriptedProvider([reply.memories({ text: 'Lives in Oslo.' })]);
    await runDueJobs(env(p));
    const events = (await listMemories()).length;
    expect(await commitJob({ job, generation: 0 }, [], 0, NOW)).toBe('cancelled');
    expect((await listMemories()).length).toBe(events);
  });

  test('failures back off, dead-letter after the last attempt, and Retry brings the job back', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    const job = await enqueueExtraction(KEY, NOW, NOW);
    let now = NOW;
    const runAfters: string[] = [];
    for (let i = 0; i < QUEUE.maxAttempts; i++) {
      await runDueJobs(env(scriptedProvider([new Error('HTTP 503: overloaded')]), now));
      const j = (await getJob(job.id))!;
      runAfters.push(j.runAfter);
      now = new Date(j.runAfter);
    }
    const dead = (await getJob(job.id))!;
    expect(dead).toMatchObject({
      status: 'failed',
      attempts: QUEUE.maxAttempts,
      lastError: 'HTTP 503: overloaded',
    });
    const gaps = runAfters
      .slice(0, 3)
      .map((r, i) => Date.parse(r) - Date.parse(i ? runAfters[i - 1]! : NOW.toISOString()));
    expect(gaps).toEqual([QUEUE.backoffMs, QUEUE.backoffMs * 2, QUEUE.backoffMs * 4]);
    await retryJob(job.id, now);
    await runDueJobs(env(scriptedProvider([reply.memories({ text: 'Lives in Oslo.' })]), now));
    expect((await getJob(job.id))?.status).toBe('done');
  });

  test('the next job sends only the new turns, with earlier ones marked as context', async () => {
    await seedTurns([
      { role: 'user', text: 'I live in Oslo.' },
      { role: 'assistant', text: 'Nice city.' },
    ]);
    await enqueueExtraction(KEY, NOW, NOW);
    await runDueJobs(env(scriptedProvider([reply.memories({ text: 'Lives in Oslo.' })])));
    await seedTurns([{ role: 'user', text: 'My daughter was born there in 2019.' }], 2);
    const second = await enqueueExtraction(KEY, NOW, NOW);
    expect(second.fromOrder).toBe(2);
    const p = scriptedProvider([reply.memories()]);
    await runDueJobs(env(p));
    const prompt = p.requests[0]!.messages[0]!.content;
    const context = prompt.slice(prompt.indexOf('CONTEXT TURNS'), prompt.indexOf('NEW TURNS'));
    const fresh = prompt.slice(prompt.indexOf('NEW TURNS'));
    expect(context).toContain('[1] user (2023-05-08): I live in Oslo.');
    expect(fresh).toContain('[3] user (2023-05-08): My daughter');
    expect(fresh).not.toContain('I live in Oslo');
    expect(prompt).toContain('M1 (profile) "Lives in Oslo."');
  });

  test('a provider error that echoes a key is redacted before it is stored', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    const job = await enqueueExtraction(KEY, NOW, NOW);
    const echo = new Error(
      'HTTP 401: Incorrect API key provided: sk-proj-aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z',
    );
    await runDueJobs(env(scriptedProvider([echo])));
    expect((await getJob(job.id))?.lastError).toBe(
      'HTTP 401: Incorrect API key provided: [redacted api key]',
    );
  });

  test('a job queued while an earlier one ran starts after the turns that one covered', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    await enqueueExtraction(KEY, NOW, NOW);
    const running = await claimNextJob('sw-1', QUEUE.leaseMs, NOW);
    // Captured during the run: no pending job exists, so a new one starts from the same turn.
    const late = await enqueueExtraction(KEY, NOW, NOW);
    expect(late.fromOrder).toBe(0);
    await commitJob(running!, [], 0, NOW);
    const p = scriptedProvider([reply.memories()]);
    await runDueJobs(env(p));
    expect(p.requests).toEqual([]);
    expect((await getJob(late.id))?.status).toBe('done');
  });

  test('a dead letter marks its turns attempted: later jobs skip them; Retry re-sends exactly those turns', async () => {
    await seedTurns([
      { role: 'user', text: 'I live in Oslo.' },
      { role: 'assistant', text: 'Nice city.' },
    ]);
    const job = await enqueueExtraction(KEY, NOW, NOW);
    let now = NOW;
    let calls = 0;
    for (let i = 0; i < QUEUE.maxAttempts; i++) {
      const p = scriptedProvider(['Sure! {not json}', 'Still {not json}']);
      await runDueJobs(env(p, now));
      calls += p.requests.length;
      now = new Date((await getJob(job.id))!.runAfter);
    }
    // Bounded: two paid calls per attempt (the reply and its one correction), and no more attempts.
    expect(calls).toBe(2 * QUEUE.maxAttempts);
    expect(await getJob(job.id)).toMatchObject({ status: 'failed', fromOrder: 0, toOrder: 1 });
    expect(await runDueJobs(env(scriptedProvider([]), at(86_400)))).toBe(0);

    await seedTurns([{ role: 'user', text: 'My daughter Ana starts school in Porto.' }], 2);
    const later = await enqueueExtraction(KEY, now, now);
    expect(later.fromOrder).toBe(2);
    const p = scriptedProvider([
      reply.memories({ text: 'Daughter Ana starts school in Porto.', sourceTurns: [3] }),
    ]);
    await runDueJobs(env(p, now));
    const second = p.requests[0]!.messages[0]!.content;
    expect(second.slice(second.indexOf('NEW TURNS'))).not.toContain('I live in Oslo');

    await retryJob(job.id, now);
    const again = scriptedProvider([reply.memories({ text: 'Lives in Oslo.' })]);
    await runDueJobs(env(again, now));
    const retried = again.requests[0]!.messages[0]!.content;
    const fresh = retried.slice(retried.indexOf('NEW TURNS'));
    expect(fresh).toContain('[1] user (2023-05-08): I live in Oslo.');
    expect(fresh).not.toContain('Ana');
    expect(again.requests).toHaveLength(1);
    expect(await getJob(job.id)).toMatchObject({ status: 'done', toOrder: 1 });
    expect((await listMemories()).map((m) => m.text).sort()).toEqual([
      'Daughter Ana starts school in Porto.',
      'Lives in Oslo.',
    ]);
  });

  test('turns captured while a retry waits get a job of their own', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    const job = await enqueueExtraction(KEY, NOW, NOW);
    await claimNextJob('sw-1', QUEUE.leaseMs, NOW);
    await failJob({ ...job, attempts: QUEUE.maxAttempts }, 'HTTP 500', QUEUE.maxAttempts, 1000, NOW, 0);
    await retryJob(job.id, NOW);
    await seedTurns([{ role: 'user', text: 'I work as a pharmacist.' }], 1);
    const late = await enqueueExtraction(KEY, NOW, NOW);
    expect(late.id).not.toBe(job.id);
    expect(late.fromOrder).toBe(1);
    const p = scriptedProvider([
      reply.memories({ text: 'Lives in Oslo.' }),
      reply.memories({ text: 'Works as a pharmacist.' }),
    ]);
    await runDueJobs(env(p));
    const news = p.requests.map((r) => r.messages[0]!.content.split('NEW TURNS')[1]);
    expect(news.filter((n) => n?.includes('I live in Oslo'))).toHaveLength(1);
    expect(news.filter((n) => n?.includes('pharmacist'))).toHaveLength(1);
  });

  test('a capture or a closed tab during the backoff does not make a failed job retry sooner', async () => {
    await seedTurns([{ role: 'user', text: 'I live in Oslo.' }]);
    const job = await enqueueExtraction(KEY, NOW, NOW);
    await runDueJobs(env(scriptedProvider([new Error('HTTP 503: overloaded')])));
    const backoff = (await getJob(job.id))!.runAfter;
    expect(backoff).toBe(at(QUEUE.backoffMs / 1000).toISOString());
    // The tab closes (settleNow) and another capture settles a little later: both before the backoff ends.
    await enqueueExtraction(KEY, at(1), at(1));
    await enqueueExtraction(KEY, at(30), at(5));
    expect((await getJob(job.id))?.runAfter).toBe(backoff);
    const p = scriptedProvider([reply.memories()]);
    expect(await runDueJobs(env(p, at(31)))).toBe(0);
    expect(p.requests).toEqual([]);
    // A capture that settles after the backoff still pushes it later, as for any pending job.
    await enqueueExtraction(KEY, at(90), at(40));
    expect((await getJob(job.id))?.runAfter).toBe(at(90).toISOString());
  });
});
