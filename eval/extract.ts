// `npm run eval:extract` (#7): every case through the real pipeline against an in-memory store, one column per
// prompt set; see eval/README.md for flags and how to read the output.
import 'fake-indexeddb/auto';
import { z } from 'zod/mini';
import { anthropicProvider } from '../lib/providers/anthropic';
import { openAiProvider } from '../lib/providers/openai';
import type { Provider } from '../lib/providers/types';
import { runSuite } from './lib/adapter';
import { parseExtractArgs, readKey, UsageError, type ExtractArgs } from './lib/args';
import { loadCases, type EvalCase } from './lib/case';
import { makeJudge } from './lib/judge';
import { pipelineAdapter } from './lib/pipeline-adapter';
import { recordedProvider, scriptedCaseProvider } from './lib/pipeline-providers';
import type { ProviderCall } from './lib/provider';
import { withRecording } from './lib/record';
import { caseTable, gateExitCode, summaryTable, writeRun } from './lib/report';

function realProvider(args: ExtractArgs, model: string): Provider | null {
  if (args.mode === 'replay') return null;
  const apiKey = readKey(args, process.env);
  if (args.provider === 'anthropic') return anthropicProvider({ apiKey, model });
  return openAiProvider({ baseUrl: args.baseUrl ?? '', apiKey, model });
}

function providerFor(args: ExtractArgs): (c: EvalCase) => Provider {
  if (args.provider === 'scripted') return (c) => scriptedCaseProvider(c);
  const model = args.model ?? '';
  const wrap = (call: ProviderCall) => withRecording(call, { mode: args.mode });
  const provider = recordedProvider(realProvider(args, model), model, wrap);
  return () => provider;
}

const JudgeReply = z.object({ answer: z.string() });

function judgeOf(args: ExtractArgs) {
  if (!args.judgeModel || args.provider === 'scripted') return undefined;
  const judgeProvider = recordedProvider(realProvider(args, args.judgeModel), args.judgeModel, (c) =>
    withRecording(c, { mode: args.mode }),
  );
  // Providers here speak JSON only, so the judge's yes/no comes back as { answer }.
  const call: ProviderCall = async (req) => {
    const out = await judgeProvider.complete({ ...req, schema: JudgeReply, schemaName: 'judge' });
    return { text: out.data.answer };
  };
  return makeJudge(call, args.judgeModel);
}

async function main(): Promise<number> {
  const args = parseExtractArgs(process.argv.slice(2));
  const all = loadCases();
  const cases = args.cases.length
    ? all.filter((c) => args.cases.includes(c.id) || c.tags.some((t) => args.cases.includes(t)))
    : all;
  const judge = judgeOf(args);
  const runs = [];
  for (const set of args.versions) {
    const label = `${set.label} · ${args.provider === 'scripted' ? 'scripted' : args.model}`;
    const adapter = pipelineAdapter(label, set, providerFor(args));
    runs.push({ label, scores: await runSuite(cases, adapter, { judge }) });
  }
  console.log(caseTable(runs));
  console.log('');
  console.log(summaryTable(runs));
  const dir = await writeRun(runs, {
    meta: { kind: 'extract', provider: args.provider, model: args.model, mode: args.mode },
  });
  console.log(`\nper-case JSONL: ${dir}`);
  return gateExitCode(runs, args.minAggregate);
}

try {
  process.exit(await main());
} catch (e) {
  console.error(e instanceof UsageError ? `eval:extract: ${e.message}` : e);
  process.exit(2);
}
