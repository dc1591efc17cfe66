// Messages between the background and the offscreen document that hosts WebLLM (#4, #35).
import { z } from 'zod/mini';

const ModelId = z.string().check(z.minLength(1), z.maxLength(200));
/** A Hugging Face commit: weights are fetched at one, never at a branch. */
export const Rev = z.string().check(z.regex(/^[0-9a-f]{40}$/));

export const WebLlmModel = z.object({ model: ModelId });
export const WebLlmAt = z.object({ model: ModelId, rev: Rev });
/** A download to start or continue; without `rev` the model's pinned one, or the commit `main` is now. */
export const WebLlmFetch = z.object({ model: ModelId, rev: z.nullable(Rev) });

export const WebLlmComplete = z.object({
  model: ModelId,
  rev: Rev,
  system: z.string(),
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
  jsonSchema: z.record(z.string(), z.unknown()),
  /** The answer's cap: what the job planner kept free of the window (#12). */
  maxTokens: z.optional(z.number().check(z.int(), z.positive())),
});
export type WebLlmComplete = z.infer<typeof WebLlmComplete>;

/** The on-device embedder (#35): texts to vectors for "Match by meaning", with no key. */
export const WebLlmEmbed = z.object({
  model: ModelId,
  rev: Rev,
  texts: z.array(z.string()).check(z.minLength(1), z.maxLength(256)),
});
export const WebLlmVectors = z.object({ vectors: z.array(z.array(z.number())) });

export const WebLlmReply = z.object({
  text: z.string(),
  promptTokens: z.number(),
  completionTokens: z.number(),
});

/**
 * Why a model's download stopped, as a code Options words (#37): the file (null: the question which commit the
 * model's `main` is), and the server's status or the browser's error, quoted.
 */
export const DownloadFailure = z.discriminatedUnion('code', [
  z.object({ code: z.literal('refused'), file: z.nullable(z.string()), status: z.number() }),
  z.object({
    code: z.literal('unreachable'),
    file: z.nullable(z.string()),
    error: z.string().check(z.maxLength(300)),
  }),
  z.object({ code: z.literal('not-stored'), file: z.string() }),
  z.object({ code: z.literal('no-revision') }),
  z.object({ code: z.literal('not-expected'), file: z.string() }),
  z.object({ code: z.literal('no-tokenizer') }),
]);
export type DownloadFailure = z.infer<typeof DownloadFailure>;

/** A model's weights on this device: what the offscreen document reports and Options shows (#35). */
export const WebLlmDownload = z.object({
  model: ModelId,
  rev: z.nullable(Rev),
  state: z.enum(['downloading', 'ready', 'failed']),
  doneBytes: z.number().check(z.gte(0)),
  /** 0 until the model's file list (ndarray-cache.json) is read. */
  totalBytes: z.number().check(z.gte(0)),
  /** A failure reported before #37, or an error from elsewhere, is text shown quoted. */
  error: z.nullable(z.union([DownloadFailure, z.string().check(z.maxLength(500))])),
});
export type WebLlmDownload = z.infer<typeof WebLlmDownload>;
