// One interface for every model provider (#4): the pipeline asks for data matching a schema and gets it
// validated, plus what the call cost.
import type { z } from 'zod/mini';
import type { Problem } from '../model/problem';

export interface CallUsage {
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Estimated from lib/providers/prices.ts; null when the model is not in the table (local or unknown). */
  costUsd: number | null;
}

export interface CompleteRequest<T> {
  system: string;
  user: string;
  schema: z.ZodMiniType<T>;
  /** A short identifier for the output (json_schema name, tool name). */
  schemaName: string;
  signal?: AbortSignal;
}

export interface CompleteResult<T> {
  data: T;
  /** One entry per HTTP call: a corrective retry costs a second call. */
  usage: CallUsage[];
}

/** What one request to the model may hold (#12: jobs are split to fit it). */
export interface ModelLimits {
  /** The model's context window: prompt and answer together. */
  contextTokens: number;
  /** Kept free for the answer. */
  outputTokens: number;
  /** Share added to our o200k counts for a model whose tokenizer counts more (Llama, Qwen, Claude). */
  tokenizerMargin: number;
}

export interface Provider {
  /** "openai", "anthropic", "webllm", "scripted". */
  readonly id: string;
  readonly model: string;
  readonly limits: ModelLimits;
  complete<T>(req: CompleteRequest<T>): Promise<CompleteResult<T>>;
  /**
   * Set up for one job, given a sample of its text (#35: Chrome's model opens one session per job, sized to
   * its quota, in the conversation's language). Without it, the provider itself runs every job.
   */
  forJob?(sample: string, signal: AbortSignal): Promise<JobRoute>;
}

/**
 * How a job runs: with this provider (then `close`), with the person's fallback provider because this one
 * does not accept the text (`refused`: the reason), or not yet (`wait`: the reason, shown in Activity, #37).
 */
export type JobRoute =
  { provider: Provider; close: () => void } | { refused: Problem } | { wait: Problem; retryInMs: number };

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** What a transport sends: the structured layer (structured.ts) adds parsing and the corrective retry. */
export interface RawRequest {
  system: string;
  messages: ChatMessage[];
  jsonSchema: Record<string, unknown>;
  schemaName: string;
  signal?: AbortSignal;
}

export interface RawReply {
  text: string;
  promptTokens: number;
  completionTokens: number;
}

export type Transport = (req: RawRequest) => Promise<RawReply>;

/** The job fails with this error recorded; nothing is written (#4, "a failed job never corrupts the store"). */
export class ProviderOutputError extends Error {}
