// Settings live in WXT storage items (chrome.storage.local), not Dexie: they are small, read by every
// context, and WXT gives them versions and migrations.
import { z } from 'zod/mini';
import { Site } from './site';

export const EMBEDDING_MODEL = 'text-embedding-3-small';

export const Settings = z.object({
  capture: z.object({
    /**
     * The person's switch per site (Settings → Sites, #24); a site missing here counts as on, so a site added to
     * the registry is on for settings stored before it. Keyed by any string, not the Site enum: a value written
     * by a build that knows more sites must still parse, or every other setting would fall back to defaults.
     */
    sites: z.record(z.string(), z.boolean()),
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
    // Every site of the registry on (#24).
    sites: Object.fromEntries(Site.options.map((site) => [site, true])),
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

/** Whether Engram reads `site` at all: capture, the in-page button and the new-chat offer (#24). */
export const siteOn = (settings: Settings, site: Site): boolean => settings.capture.sites[site] !== false;
