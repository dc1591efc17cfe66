// The sites Engram reads, one line each: each site's object from its folder, under the id and hosts that the
// ground lists (lib/model/site-hosts.ts, #38), so no schema imports a site and no two lists of hosts drift. The
// manifest's matches and host permissions, host detection, the background and the UI read it. A site is its
// folder (site.ts, adapter.ts, selectors, parsers, tests), its line here and in site-hosts.ts, and a ten-line
// entrypoint, entrypoints/<site>.content.ts (#24, #36); contract.test.ts fails for a site missing any part.
import { aistudio } from './aistudio/site';
import { chatgpt } from './chatgpt/site';
import { claude } from './claude/site';
import { copilot } from './copilot/site';
import { deepseek } from './deepseek/site';
import { gemini } from './gemini/site';
import { grok } from './grok/site';
import { kimi } from './kimi/site';
import { lechat } from './lechat/site';
import { meta } from './meta/site';
import { perplexity } from './perplexity/site';
import { qwen } from './qwen/site';
import { matchPatterns, type SiteInfo } from './site';
import type { Site } from '../model/site';
import { SITE_IDS } from '../model/site-hosts';

/** The compiler refuses a site the ground lists without an object here, and an object under another id. */
const BY_ID: { readonly [S in Site]: SiteInfo<S> } = {
  chatgpt,
  claude,
  gemini,
  perplexity,
  deepseek,
  lechat,
  grok,
  copilot,
  aistudio,
  qwen,
  kimi,
  meta,
};

/** In the ground's order, which the UI lists sites in. */
export const SITES = SITE_IDS.map((id) => BY_ID[id]);

export function siteInfo(site: Site): SiteInfo<Site> {
  const info = BY_ID[site] as SiteInfo<Site> | undefined;
  if (!info) throw new Error(`unknown site ${site}`);
  return info;
}

export const SITE_LABELS = Object.fromEntries(SITES.map((s) => [s.site, s.label])) as Record<Site, string>;

export const MATCH_PATTERNS: string[] = SITES.flatMap((s) => matchPatterns(s.hosts));

/** Exact hosts only, never `includes` on the name. */
export function siteForHost(hostname: string): Site | null {
  return SITES.find((s) => s.hosts.includes(hostname))?.site ?? null;
}

/** One site's match patterns: each site has its own content script (lib/page/start.ts says why). */
export function sitePatterns(site: Site): string[] {
  return matchPatterns(siteInfo(site).hosts);
}
