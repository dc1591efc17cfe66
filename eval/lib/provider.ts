// The provider-shaped function the harness wraps (record/replay, judge). Deliberately smaller than #4's
// Provider: the lead adapts lib/providers to it in the CLI (see eval/README.md, "Wiring").
import { z } from 'zod/mini';

export const ProviderRequest = z.object({
  system: z.string(),
  user: z.string(),
  schemaName: z.optional(z.string()),
  model: z.optional(z.string()),
});
export type ProviderRequest = z.infer<typeof ProviderRequest>;

const count = z.number().check(z.int(), z.nonnegative());

export const ProviderUsage = z.object({
  promptTokens: count,
  completionTokens: count,
  costUsd: z.optional(z.nullable(z.number().check(z.nonnegative()))),
});
export type ProviderUsage = z.infer<typeof ProviderUsage>;

export const ProviderReply = z.object({ text: z.string(), usage: z.optional(ProviderUsage) });
export type ProviderReply = z.infer<typeof ProviderReply>;

export type ProviderCall<Req = ProviderRequest> = (request: Req) => Promise<ProviderReply>;
