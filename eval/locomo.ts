// `npm run eval:locomo` (#7): LoCoMo end to end through Engram's pipeline and recall; see eval/README.md.
import 'fake-indexeddb/auto';
import { z } from 'zod/mini';
import { DEFAULT_SETTINGS } from '../lib/model/settings';
import { anthropicProvider } from '../lib/providers/anthropic';
import { openAiProvider } from '../lib/providers/openai';
import type { Provider } from '../lib/providers/types';
import { countTokens } from '../lib/tokens';
import { parseLocomoArgs, readKey, UsageError, type LocomoArgs } from './lib/args';
import { loadLocomo, questionsOf, type LocomoSession } from './lib/locomo/data';
import { pipelineExtractor, recallRanker } from './lib/locomo/pipeline';
import { locomoTable, writeLocomoRun } from './lib/locomo/report';
import { runLocomo } from './lib/locomo/run';
import { scriptedAnswerer, scriptedJudge, scriptedSessionProvider } from './lib/locomo/scripted';
import { recordedProvider } from './lib/pipeline-providers';
import type { ProviderCall } from './lib/provider';
import { withRecording } from './lib/record';

const Answer = z.object({ answer: z.string() });

function real(args: LocomoArgs, model: string): Provider {
  const inner =
    args.mode === 'replay'
      ? null
      : args.provider === 'anthropic'
        ? anthropicProvider({ apiKey: readKey(args, process.env), model })
        : openAiProvider({ baseUrl: args.baseUrl ?? '', apiKey: readKey(args, process.env), model });
  return recordedProvider(inner, model, (c) => withRecording(c, { mode: args.mode }));
}

/** Providers here speak JSON, so free-text answers come back as { answer }. */
function textCall(p: Provider): ProviderCall {
  return async (req) => {
    const out = await p.complete({
      system: req.system,
      user: req.user,
      schema: Answer,
      schemaName: 'answer',
    });
    return { text: out.data.answer };
  };
}

async function main(): Promise<number> {
  const args = parseLocomoArgs(process.argv.slice(2));
  const all = loadLocomo();
  if (!all) {
    console.log('eval:locomo: ../shared/locomo/locomo-dev.json is absent; nothing to run.');
    return 0;
  }
  const conversations = args.conversations.length
    ? all.filter((c) => args.conversations.includes(c.sample_id))
    : all;
  const scripted = args.provider === 'scripted';
  const model = args.model ?? '';
  const settings = { ...DEFAULT_SETTINGS, prompts: { ...DEFAULT_SETTINGS.prompts, ...args.prompts.prompts } };
  const extractor = scripted
    ? scriptedSessionProvider
    : ((() => real(args, model)) as (s: LocomoSession) => Provider);
  const questions = conversations.flatMap((c) => questionsOf(c, args.sessions));
  const { results, cost } = await runLocomo(conversations, {
    sources: args.memories,
    budget: args.budget,
    sessions: args.sessions,
    limit: args.limit,
    extract: pipelineExtractor(extractor, settings, countTokens),
    rank: await recallRanker(),
    answer: scripted ? scriptedAnswerer(questions) : textCall(real(args, args.answerModel ?? model)),
    judge: scripted ? scriptedJudge : textCall(real(args, args.judgeModel ?? model)),
    countTokens,
  });
  const summary = [
    locomoTable(results, cost),
    'speakers: speaker_a is the "user", speaker_b the "assistant" (eval/lib/locomo/pipeline.ts)',
  ].join('\n');
  console.log(summary);
  const meta = {
    kind: 'locomo',
    provider: args.provider,
    model: args.model,
    budget: args.budget,
    mode: args.mode,
  };
  console.log(`\nper-question JSONL: ${await writeLocomoRun(results, summary, { meta })}`);
  return 0;
}

try {
  process.exit(await main());
} catch (e) {
  console.error(e instanceof UsageError ? `eval:locomo: ${e.message}` : e);
  process.exit(2);
}
