// Settings live in WXT storage items (chrome.storage.local), not Dexie: they are small, read by every
// context, and WXT gives them versions and migrations.
import { z } from 'zod/mini';

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
  recall: { budgetTokens: 600, semantic: false, rawTurns: false, offerOnNewChats: false },
  privacy: { redact: true, reviewMode: false },
  prompts: { extraction: 'v1', consolidation: 'v1' },
};
