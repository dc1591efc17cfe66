// Flags of `npm run eval:extract` and `npm run eval:locomo` (#7), parsed and checked before any call is
// made. The key is never read here: only the name of the environment variable that holds it (--key-env).
import { parseArgs } from 'node:util';
import type { RecordMode } from './record';

export const PROVIDERS = ['openai-compatible', 'anthropic', 'scripted'] as const;
export type ProviderKind = (typeof PROVIDERS)[number];

export class UsageError extends Error {}

/** One prompt set, e.g. "extraction@v1,consolidation@v1" → { extraction: 'v1', consolidation: 'v1' }. */
export interface PromptSet {
  label: string;
  prompts: Record<string, string>;
}

export interface ProviderArgs {
  provider: ProviderKind;
  baseUrl: string | null;
  model: string | null;
  keyEnv: string | null;
  mode: RecordMode;
  judgeModel: string | null;
}

export interface ExtractArgs extends ProviderArgs {
  versions: PromptSet[];
  minAggregate: number | undefined;
  /** Case ids or tags to run; empty = all. */
  cases: string[];
}

export const MEMORY_SOURCES = ['observations', 'extracted', 'turns', 'both'] as const;

export interface LocomoArgs extends ProviderArgs {
  prompts: PromptSet;
  budget: number;
  answerModel: string | null;
  limit: number | undefined;
  /** Only the first N sessions of each conversation (the CI plumbing run uses 2). */
  sessions: number | undefined;
  conversations: string[];
  /** One report column each: `--memories observations,turns` compares two in the same run. */
  memories: (typeof MEMORY_SOURCES)[number][];
}

export const DEFAULT_PROMPTS = 'extraction@v1,consolidation@v1';

const providerOptions = {
  provider: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'key-env': { type: 'string' },
  record: { type: 'boolean' },
  replay: { type: 'boolean' },
  'judge-model': { type: 'string' },
  prompt: { type: 'string' },
} as const;

export function parsePromptSet(text: string): PromptSet {
  const prompts: Record<string, string> = {};
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = /^([a-z][a-z0-9-]*)@([A-Za-z0-9._-]+)$/.exec(part);
    if (!m) throw new UsageError(`"${part}" is not name@version (e.g. extraction@v1)`);
    if (prompts[m[1]!]) throw new UsageError(`prompt "${m[1]}" is given twice in "${text}"`);
    prompts[m[1]!] = m[2]!;
  }
  return {
    label: text
      .split(',')
      .map((p) => p.trim())
      .join(','),
    prompts,
  };
}

type Values = Record<string, string | boolean | string[] | undefined>;
const str = (v: Values, k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);

function providerArgs(v: Values): ProviderArgs {
  const provider = str(v, 'provider');
  if (!provider || !(PROVIDERS as readonly string[]).includes(provider))
    throw new UsageError(`--provider must be one of ${PROVIDERS.join(', ')}`);
  if (v.record && v.replay) throw new UsageError('--record and --replay exclude each other');
  const mode: RecordMode = v.record ? 'record' : v.replay ? 'replay' : 'live';
  const args: ProviderArgs = {
    provider: provider as ProviderKind,
    baseUrl: str(v, 'base-url'),
    model: str(v, 'model'),
    keyEnv: str(v, 'key-env'),
    mode,
    judgeModel: str(v, 'judge-model'),
  };
  if (args.provider === 'scripted') return args;
  if (!args.model) throw new UsageError(`--model is required for --provider ${args.provider}`);
  if (args.provider === 'openai-compatible' && !args.baseUrl)
    throw new UsageError('--base-url is required for --provider openai-compatible');
  if (!args.keyEnv && mode !== 'replay') throw new UsageError('--key-env VAR is required (or --replay)');
  return args;
}

function number(v: Values, key: string, check: (n: number) => boolean, what: string): number | undefined {
  const raw = str(v, key);
  if (raw === null) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || !check(n)) throw new UsageError(`--${key} must be ${what}, got "${raw}"`);
  return n;
}

const list = (v: Values, key: string) =>
  (str(v, key) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseExtractArgs(argv: string[]): ExtractArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...providerOptions,
      versions: { type: 'string', multiple: true },
      'min-aggregate': { type: 'string' },
      cases: { type: 'string' },
    },
    strict: true,
  });
  if (values.prompt && values.versions) throw new UsageError('give --prompt or --versions, not both');
  const sets = values.versions?.flatMap((s) => s.split(';')) ?? [values.prompt ?? DEFAULT_PROMPTS];
  const versions = sets.map((s) => parsePromptSet(s));
  if (new Set(versions.map((s) => s.label)).size !== versions.length)
    throw new UsageError('a version is listed twice');
  return {
    ...providerArgs(values),
    versions,
    minAggregate: number(values, 'min-aggregate', (n) => n >= 0 && n <= 1, 'between 0 and 1'),
    cases: list(values, 'cases'),
  };
}

export function parseLocomoArgs(argv: string[]): LocomoArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...providerOptions,
      budget: { type: 'string' },
      'answer-model': { type: 'string' },
      limit: { type: 'string' },
      sessions: { type: 'string' },
      conversations: { type: 'string' },
      memories: { type: 'string' },
    },
    strict: true,
  });
  const memories = values.memories ? list(values, 'memories') : ['extracted'];
  for (const m of memories)
    if (!(MEMORY_SOURCES as readonly string[]).includes(m))
      throw new UsageError(`--memories takes ${MEMORY_SOURCES.join('|')} (comma-separated), got "${m}"`);
  return {
    ...providerArgs(values),
    prompts: parsePromptSet(values.prompt ?? DEFAULT_PROMPTS),
    budget: number(values, 'budget', (n) => Number.isInteger(n) && n > 0, 'a positive integer') ?? 1000,
    answerModel: str(values, 'answer-model'),
    limit: number(values, 'limit', (n) => Number.isInteger(n) && n > 0, 'a positive integer'),
    conversations: list(values, 'conversations'),
    sessions: number(values, 'sessions', (n) => Number.isInteger(n) && n > 0, 'a positive integer'),
    memories: memories as LocomoArgs['memories'],
  };
}

/** The API key from the variable named by --key-env; the error names the variable, never a value. */
export function readKey(args: ProviderArgs, env: Record<string, string | undefined>): string {
  if (!args.keyEnv) throw new UsageError('no --key-env given');
  const key = env[args.keyEnv];
  if (!key) throw new UsageError(`environment variable ${args.keyEnv} is empty or unset`);
  return key;
}
