// npm run bench:job-sizes (#12): request sizes for one heavy conversation (40 turns, answers of 300–1,500
// words, test/helpers/long-chat.ts) extracted with a scripted model sized like WebLLM and like an API model.
// Prints, per provider: jobs, calls, and tokens (o200k: system + user + schema) and characters per request.
import { expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../lib/model/settings';
import { runDueJobs } from '../lib/pipeline/queue';
import { API_LIMITS, WEBLLM_LIMITS } from '../lib/providers/limits';
import { scriptedProvider } from '../lib/providers/scripted';
import type { ModelLimits, RawRequest } from '../lib/providers/types';
import { deleteDb } from '../lib/store/db';
import { enqueueExtraction, listJobs } from '../lib/store/jobs';
import { countTokens } from '../lib/tokens';
import { longChat, sentTurns } from '../test/helpers/long-chat';
import { NOW, seedTurns } from '../test/helpers/pipeline';

function answer(req: RawRequest): string {
  const user = req.messages[0]?.content ?? '';
  if (req.schemaName === 'operations') return JSON.stringify({ operations: [] });
  const memories = sentTurns(user)
    .filter((t) => t.role.startsWith('user'))
    .map((t) => ({
      ...{ text: `Said: ${t.text.slice(0, 80)}`, type: 'event', priority: 40, confidence: 0.9 },
      ...{ attributedTo: 'user', occurredStart: null, occurredEnd: null, sourceTurns: [t.label] },
    }));
  return JSON.stringify({ memories });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function measure(label: string, limits: ModelLimits) {
  await deleteDb();
  const chat = longChat();
  await seedTurns(chat);
  const provider = scriptedProvider(Array<typeof answer>(400).fill(answer), 'scripted-1', limits);
  await enqueueExtraction('chatgpt:c1', NOW, NOW);
  await runDueJobs({
    ...{ owner: 'bench', provider: async () => provider, settings: async () => DEFAULT_SETTINGS },
    ...{ countTokens: async () => 1, wakeAt: async () => undefined, now: () => NOW },
  });
  const tokens: number[] = [];
  const chars: number[] = [];
  for (const r of provider.requests) {
    const user = r.messages.map((m) => m.content).join('\n');
    const schema = JSON.stringify(r.jsonSchema);
    tokens.push((await countTokens(r.system)) + (await countTokens(user)) + (await countTokens(schema)));
    chars.push(r.system.length + user.length);
  }
  const words = chat.reduce((n, t) => n + t.text.split(/\s+/).length, 0);
  const jobs = (await listJobs()).length;
  console.log(
    `${label}: ${chat.length} turns (${words} words); ${jobs} jobs, ${provider.requests.length} calls; ` +
      `tokens per request max ${Math.max(...tokens)}, median ${median(tokens)}, total ${tokens.reduce((a, b) => a + b, 0)}; ` +
      `characters per request max ${Math.max(...chars)}, median ${median(chars)}`,
  );
  return Math.max(...tokens);
}

test('bench:job-sizes', async () => {
  await countTokens('');
  const webllm = await measure('WebLLM limits (4,096-token window)', WEBLLM_LIMITS);
  const api = await measure('API limits', API_LIMITS);
  expect(webllm).toBeLessThanOrEqual(WEBLLM_LIMITS.contextTokens - WEBLLM_LIMITS.outputTokens);
  expect(api).toBeLessThanOrEqual(16_000);
});
