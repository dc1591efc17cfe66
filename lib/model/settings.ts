// Settings live in WXT storage items (chrome.storage.local), not Dexie: they are small, read by every
// context, and WXT gives them versions and migrations.
import { z } from 'zod/mini';
import { Site } from './site';

export const EMBEDDING_MODEL = 'text-embedding-3-small';

/**
 * One switch per registered site, each on when a stored value lacks it: settings saved before a site joined the
 * registry (#24) still parse (a failed parse falls back to every default) and the new site starts on.
 */
const SiteSwitches = z.object(
  Object.fromEntries(Site.options.map((s) => [s, z._default(z.boolean(), true)])) as Record<
    Site,
    z.ZodMiniDefault<z.ZodMiniBoolean>
  >,
);

export const Settings = z.object({
  capture: z.object({
    sites: SiteSwitches,
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
  /**
   * Daily caps on what the extractor may do without asking (#11): changes written past `dailyChanges` wait
   * in Review; past `dailyTokens`, jobs wait for the next UTC day. Defaulted, so older stored settings parse.
   */
  limits: z._default(
    z.object({
      dailyChanges: z.number().check(z.int(), z.gte(1), z.lte(100_000)),
      dailyTokens: z.number().check(z.int(), z.gte(1_000), z.lte(1_000_000_000)),
    }),
    { dailyChanges: 200, dailyTokens: 1_000_000 },
  ),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  capture: {
    sites: Object.fromEntries(Site.options.map((s) => [s, true])) as Record<Site, boolean>,
    paused: false,
    idleDelaySec: 120,
    allowIncognito: false,
  },
  recall: {
    budgetTokens: 600,
    semantic: false,
    // On for new installs (#13): past-turn recall needs no model, no key and nothing leaves the browser; it
    // lifted LoCoMo hit@1000 from 0.745 to 0.917. A stored settings value keeps its own choice.
    rawTurns: true,
    offerOnNewChats: false,
    embeddingModel: EMBEDDING_MODEL,
  },
  privacy: { redact: true, reviewMode: false },
  prompts: { extraction: 'v1', consolidation: 'v1' },
  limits: { dailyChanges: 200, dailyTokens: 1_000_000 },
};
