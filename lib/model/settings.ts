// Settings live in WXT storage items (chrome.storage.local), not Dexie: they are small, read by every
// context, and WXT gives them versions and migrations.
import { z } from 'zod/mini';

export const EMBEDDING_MODEL = 'text-embedding-3-small';

export const Settings = z.object({
  capture: z.object({
    /** Per-site switch; a site missing here counts as on. */
    sites: z.object({ chatgpt: z.boolean(), claude: z.boolean() }),
    paused: z.boolean(),
    idleDelaySec: z.number().check(z.int(), z.gte(10), z.lte(3600)),
    allowIncognito: z.boolean(),
  }),
  recall: z.object({
    budgetTokens: z.number().check(z.int(), z.gte(100), z.lte(8000)),
    semantic: z.boolean(),
    rawTurns: z.boolean(),
    offerOnNewChats: z.boolean(),
    /**
     * The model the semantic tier asks the configured OpenAI-compatible provider for. Added after v1 of the
     * settings item: the default fills it in when a stored value predates it, so those settings still parse.
     */
    embeddingModel: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), EMBEDDING_MODEL),
  }),
  privacy: z.object({ redact: z.boolean(), reviewMode: z.boolean() }),
  prompts: z.object({ extraction: z.string(), consolidation: z.string() }),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  capture: {
    sites: { chatgpt: true, claude: true },
    paused: false,
    idleDelaySec: 120,
    allowIncognito: false,
  },
  recall: {
    budgetTokens: 600,
    semantic: false,
    rawTurns: false,
    offerOnNewChats: false,
    embeddingModel: EMBEDDING_MODEL,
  },
  privacy: { redact: true, reviewMode: false },
  prompts: { extraction: 'v1', consolidation: 'v1' },
};
