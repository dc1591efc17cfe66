// The semantic recall tier's state as the Settings section shows it (#5).
import { z } from 'zod/mini';

export const SemanticStatus = z.object({
  on: z.boolean(),
  /** The embedding model's name as set in Settings, when the tier runs. */
  model: z.nullable(z.string()),
  embedded: z.number(),
  total: z.number(),
  /** Why the tier is off, in plain words; null when it runs. */
  reason: z.nullable(z.string()),
  /** The last failed call in plain words; recall fell back to words for it. */
  lastError: z.nullable(z.string()),
});
export type SemanticStatus = z.infer<typeof SemanticStatus>;
