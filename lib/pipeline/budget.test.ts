// Jobs sized to the model (#12): 40 long turns never make one giant request. Every request fits the
// provider's budget (counted with o200k as sent: system, user and the output schema), every user turn is sent
// as a new turn exactly once, no piece twice, and the jobs cover every turn once.
import 'fake-indexeddb/auto';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../model/settings';
import { API_LIMITS, WEBLLM_LIMITS } from '../providers/limits';
import { scriptedProvider } from '../providers/scripted';
import type { ModelLimits, RawRequest } from '../providers/types';
import { deleteDb } from '../store/db';
import { enqueueExtraction, listJobs } from '../store/jobs';
import { countTokens } from '../tokens';
import { longChat, sentTurns } from '../../test/helpers/long-chat';
import { NOW, seedMemories, seedTurns } from '../../test/helpers/pipeline';
import { BUDGET, budgetFor } from './budget';
import { redact } from './redact';
import { runDueJobs } from './queue';

beforeAll(() => countTokens(''), 60_000);
beforeEach(async () => {
  await deleteDb();
});

const chat = longChat();

/** Answers like a model would: one memory per user turn it was shown as new, and ADD for every fact. */
function answer(req: RawRequest): string {
  const user = req.messages[0]?.content ?? '';
  if (req.schemaName === 'operations') {
    const facts = [...user.matchAll(/^F(\d+) /gm)].map((m) => Number(m[1]));
    return JSON.stringify({
      operations: facts.map((fact) => ({ fact, op: 'ADD', target: null, text: null, reason: 'new' })),
    });
  }
  const memories = sentTurns(user)
    .filter((t) => t.role.startsWith('user'))
    .map((t) => ({
      text: `Asked about ${/help with ([^.]+)\./.exec(t.text)?.[1] ?? 'something'} (${t.text.slice(0, 60)})`,
      ...{ type: 'event', priority: 40, confidence: 0.9, attributedTo: 'user' },
      ...{ occurredStart: null, occurredEnd: null, sourceTurns: [t.label] },
    }));
  return JSON.stringify({ memories });
}

/** Queues the conversation and runs the queue until no job is due: follow-up jobs run in the same pass. */
async function extractAll(limits: ModelLimits) {
  const provider = scriptedProvider(Array<typeof answer>(400).fill(answer), 'scripted-1', limits);
  await enqueueExtraction('chatgpt:c1', NOW, NOW);
  await runDueJobs({
    ...{ owner: 'test', provider: async () => provider, settings: async () => DEFAULT_SETTINGS },
    ...{
      countTokens: async (t: string) => Math.ceil(t.length / 4),
      wakeAt: async () => undefined,
      now: () => NOW,
    },
  });
  return provider;
}

async function run(limits: ModelLimits) {
  await seedMemories([
    'Is moving from Leeds to Porto.',
    'Works as a hospital pharmacist.',
    'Has a dog, Biscuit.',
  ]);
  await seedTurns(chat);
  const provider = await extractAll(limits);
  const schemaTokens = async (r: RawRequest) => countTokens(JSON.stringify(r.jsonSchema));
  const sizes: number[] = [];
  for (const r of provider.requests)
    sizes.push(
      (await countTokens(r.system)) +
        (await countTokens(r.messages[0]?.content ?? '')) +
        (await schemaTokens(r)),
    );
  return { requests: provider.requests, sizes, jobs: await listJobs() };
}

describe.each([
  ['WebLLM (4,096-token window)', WEBLLM_LIMITS],
  ['an API model', API_LIMITS],
])('40 long turns with %s', (_name, limits) => {
  test('every request fits, every turn is covered exactly once, jobs are capped', async () => {
    const { requests, sizes, jobs } = await run(limits);
    const budget = budgetFor(limits);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(budget.requestTokens);
    // The hard limit too, with the tokenizer margin spent: prompt and answer fit the window.
    expect(Math.max(...sizes) * (1 + limits.tokenizerMargin)).toBeLessThanOrEqual(
      limits.contextTokens - limits.outputTokens,
    );
    const extraction = requests.filter((r) => r.schemaName === 'memories');
    const sent = extraction.flatMap((r) => sentTurns(r.messages[0]?.content ?? ''));
    for (const t of chat.filter((c) => c.role === 'user'))
      expect(sent.filter((s) => s.role === 'user' && s.text === t.text)).toHaveLength(1);
    const pieces = sent.map((s) => s.text);
    expect(new Set(pieces).size).toBe(pieces.length);
    // A piece of an answer is sent once, in order: joined, the pieces are runs of the answers themselves.
    // Sent as redaction leaves them (#34: this chat's word salad holds runs of twelve BIP39 words, which read as a
    // seed phrase), so a piece is a run of an answer as it is or as redacted.
    const answers = chat.filter((c) => c.role === 'assistant').flatMap((c) => [c.text, redact(c.text).text]);
    for (const s of sent.filter((x) => x.role.startsWith('assistant')))
      expect(answers.some((a) => a.includes(s.text))).toBe(true);
    // Jobs: done, in order, each covering the turns after the last, together exactly 0..39.
    const done = jobs.filter((j) => j.status === 'done').sort((a, b) => (a.toOrder ?? 0) - (b.toOrder ?? 0));
    expect(done.length).toBe(jobs.length);
    let next = 0;
    for (const j of done) {
      expect(j.fromOrder).toBe(next);
      next = (j.toOrder ?? -1) + 1;
    }
    expect(next).toBe(chat.length);
    expect(extraction.length).toBeLessThanOrEqual(done.length * BUDGET.partsPerJob);
  }, 120_000);
});

test('a pasted document longer than a whole WebLLM job is read up to the cap, and the job says so', async () => {
  const doc = longChat()
    .filter((t) => t.role === 'assistant')
    .slice(0, 8)
    .map((t) => t.text)
    .join('\n\n');
  await seedTurns([
    { role: 'user', text: `Please review my thesis draft:\n\n${doc}` },
    { role: 'assistant', text: 'Here is my review.' },
    { role: 'user', text: 'Thanks. I defend it in Porto on 2027-03-02.' },
  ]);
  const provider = await extractAll(WEBLLM_LIMITS);
  const jobs = (await listJobs()).sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.fromOrder - b.fromOrder,
  );
  expect(jobs.map((j) => [j.status, j.fromOrder, j.toOrder])).toEqual([
    ['done', 0, 0],
    ['done', 1, 2],
  ]);
  expect(jobs[0]?.lastError).toEqual({
    code: 'turn-cut',
    turn: 1,
    read: expect.any(Number),
    total: expect.any(Number),
  });
  const extraction = provider.requests.filter((r) => r.schemaName === 'memories');
  const news = extraction.map((r) => sentTurns(r.messages[0]?.content ?? ''));
  const pieces = news.filter((n) => n.some((t) => /^user part \d+\/\d+$/.test(t.role)));
  expect(pieces).toHaveLength(BUDGET.partsPerJob);
  expect(news.filter((n) => n.some((t) => t.text.includes('I defend it in Porto')))).toHaveLength(1);
}, 120_000);
