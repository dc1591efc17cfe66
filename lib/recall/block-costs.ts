// What a block's fixed words cost in each language, in o200k tokens (#37, #39). Charging every language the
// dearest one's costs (Japanese's frame, Brazilian Portuguese's day lines) took 0.011 of hit@600 from English
// blocks on eval:recall's LoCoMo set (0.908 → 0.897); each language pays its own. block-costs.test.ts measures
// every catalogue (keyed by its file's code, lib/i18n/languages.ts) and fails when a figure here is not exactly the measure plus its margin.
export interface BlockCosts {
  /** The markers and the intro, plus 2 for the seams. */
  frame: number;
  /** A section title and its line break, plus one for the seam. */
  section: number;
  /** "On 8 May 2023:" and its line break, for every day 1950–2099, plus one. */
  date: number;
}

export const BLOCK_COSTS: Readonly<Record<string, BlockCosts>> = {
  de: { frame: 41, section: 6, date: 11 },
  en: { frame: 30, section: 5, date: 9 },
  es: { frame: 38, section: 6, date: 9 },
  fr: { frame: 39, section: 7, date: 11 },
  ja: { frame: 44, section: 8, date: 9 },
  ko: { frame: 41, section: 6, date: 11 },
  'pt-BR': { frame: 36, section: 6, date: 13 },
  ru: { frame: 42, section: 7, date: 11 },
  'zh-CN': { frame: 38, section: 5, date: 9 },
  'zh-TW': { frame: 43, section: 7, date: 9 },
};

/** The dearest of every language: what a block in a language without its own figures is charged. */
export const MOST: BlockCosts = {
  frame: Math.max(...Object.values(BLOCK_COSTS).map((c) => c.frame)),
  section: Math.max(...Object.values(BLOCK_COSTS).map((c) => c.section)),
  date: Math.max(...Object.values(BLOCK_COSTS).map((c) => c.date)),
};

export const costsOf = (language: string): BlockCosts => BLOCK_COSTS[language] ?? MOST;
