// The semantic recall tier's state as the Settings section shows it (#5).
import { z } from 'zod/mini';

/**
 * Why the tier is off (#37: a code the UI words in the person's language; a base URL or a host pattern is quoted
 * inside the sentence).
 */
export const SemanticReason = z.discriminatedUnion('code', [
  z.object({ code: z.literal('off') }),
  z.object({ code: z.literal('anthropic') }),
  z.object({ code: z.literal('model-no-embeddings') }),
  z.object({ code: z.literal('no-provider') }),
  z.object({ code: z.literal('no-base-url') }),
  z.object({ code: z.literal('bad-base-url'), url: z.string() }),
  z.object({ code: z.literal('no-access'), pattern: z.string() }),
]);
export type SemanticReason = z.infer<typeof SemanticReason>;

export const SemanticStatus = z.object({
  on: z.boolean(),
  /** The embedding model's name as set in Settings, when the tier runs. */
  model: z.nullable(z.string()),
  embedded: z.number(),
  total: z.number(),
  /** Why the tier is off; null when it runs, or while it waits for its model. */
  reason: z.nullable(SemanticReason),
  /** The last failed call in plain words; recall fell back to words for it. */
  lastError: z.nullable(z.string()),
});
export type SemanticStatus = z.infer<typeof SemanticStatus>;
