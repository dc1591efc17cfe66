// Messages between the background and the offscreen document that hosts WebLLM (#4).
import { z } from 'zod/mini';

export const WebLlmModel = z.object({ model: z.string().check(z.minLength(1), z.maxLength(200)) });

export const WebLlmComplete = z.object({
  model: z.string().check(z.minLength(1), z.maxLength(200)),
  system: z.string(),
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
  jsonSchema: z.record(z.string(), z.unknown()),
  /** The answer's cap: what the job planner kept free of the window (#12). */
  maxTokens: z.optional(z.number().check(z.int(), z.positive())),
});
export type WebLlmComplete = z.infer<typeof WebLlmComplete>;

export const WebLlmReply = z.object({
  text: z.string(),
  promptTokens: z.number(),
  completionTokens: z.number(),
});

export const WebLlmProgress = z.object({
  model: z.string(),
  /** 0–1, from web-llm's initProgressCallback. */
  progress: z.number().check(z.gte(0), z.lte(1)),
  text: z.string(),
});
export type WebLlmProgress = z.infer<typeof WebLlmProgress>;
